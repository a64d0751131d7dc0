//! The search's table of stored positions: Zobrist key → node number.
//!
//! A hash table that doubles all at once stops the search for as long as it takes to move every
//! entry: 16 ms at half a million positions and 34 ms at a million on this project's machine,
//! longer than a frame when the hint searches a slice a frame (a browser). This one grows a
//! little at a time instead: when it is three quarters full it starts a table twice the size and
//! moves a few entries of the old one across on each insert, looking up both until the old one is
//! empty. The keys are random already (Zobrist), so their high bits are the slot.
//!
//! A node is inserted once (the search inserts only after a lookup missed), so it is in the new
//! table, or in the old one, or (moved) in both.

/// `count` random 64-bit keys (Zobrist keys, one per cell), from splitmix64 started at `seed`:
/// fixed, so that runs repeat exactly.
pub(crate) fn random_keys(count: usize, mut seed: u64) -> Vec<u64> {
    (0..count)
        .map(|_| {
            seed = seed.wrapping_add(0x9e37_79b9_7f4a_7c15);
            let mut z = seed;
            z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
            z ^ (z >> 31)
        })
        .collect()
}

/// Old slots moved to the new table on each insert: the old table is empty after a sixteenth of
/// its size in inserts, long before the new one is three quarters full.
const MOVE_PER_INSERT: usize = 16;

/// A key's bits below this one are the worker's part of it (the search's keys are the boxes'
/// key with the worker's area's key in these low bits): [`PositionTable::get_any_worker`]
/// passes over them.
pub(crate) const WORKER_KEY_BITS: u32 = 36;

/// An empty slot (no node is numbered `u32::MAX`).
const EMPTY: u64 = u64::MAX;

/// An open-addressed array of slots with linear probing. A slot holds the key's high 32 bits
/// above the node's number, in one word: a lookup reads one cache line where a key and a node
/// apart took two. The high bits name the slot the entry belongs in, in this table and in the
/// twice larger one it moves to; they tell most other keys apart, and the caller tells its own
/// node from the rest of those that pass.
struct Slots {
    slots: Vec<u64>,
    /// `64 - log2(len)`: the key's high bits name its slot.
    shift: u32,
}

fn slot_of(key: u64, node: u32) -> u64 {
    (key & !0xffff_ffff) | u64::from(node)
}

impl Slots {
    fn with_bits(bits: u32) -> Slots {
        Slots {
            slots: vec![EMPTY; 1 << bits],
            shift: 64 - bits,
        }
    }

    fn len(&self) -> usize {
        self.slots.len()
    }

    /// The first node stored under a key with `key`'s bits from `same` up (32 or more) that
    /// `is_it` accepts.
    fn get(&self, key: u64, same: u32, is_it: &mut impl FnMut(u32) -> bool) -> Option<u32> {
        let mask = self.len() - 1;
        let mut i = (key >> self.shift) as usize;
        loop {
            let slot = self.slots[i];
            if slot == EMPTY {
                return None;
            }
            if slot >> same == key >> same && is_it(slot as u32) {
                return Some(slot as u32);
            }
            i = (i + 1) & mask;
        }
    }

    /// Puts a slot (a key's high bits and a node) in the first free place from its own.
    fn put(&mut self, slot: u64) {
        let mask = self.len() - 1;
        let mut i = (slot >> self.shift) as usize;
        while self.slots[i] != EMPTY {
            i = (i + 1) & mask;
        }
        self.slots[i] = slot;
    }
}

/// Zobrist key → node number, growing without a pause.
pub(crate) struct PositionTable {
    slots: Slots,
    entries: usize,
    /// The table being emptied into `slots`, and how far it has been moved.
    old: Option<(Slots, usize)>,
}

impl Default for PositionTable {
    fn default() -> PositionTable {
        PositionTable {
            slots: Slots::with_bits(10),
            entries: 0,
            old: None,
        }
    }
}

impl PositionTable {
    /// The node stored under `key` that `is_it` accepts (it is asked about nodes stored under
    /// `key` and, rarely, under other keys).
    pub(crate) fn get(&self, key: u64, is_it: impl FnMut(u32) -> bool) -> Option<u32> {
        self.get_from(key, 32, is_it)
    }

    /// A node stored under a key that differs from `key` at most in its worker's bits (below
    /// [`WORKER_KEY_BITS`]) that `is_it` accepts. Such keys share their slot while the table
    /// has at most 2²⁸ of them (200 million positions); in a larger one some are missed.
    pub(crate) fn get_any_worker(&self, key: u64, is_it: impl FnMut(u32) -> bool) -> Option<u32> {
        self.get_from(key, WORKER_KEY_BITS, is_it)
    }

    fn get_from(&self, key: u64, same: u32, mut is_it: impl FnMut(u32) -> bool) -> Option<u32> {
        self.slots.get(key, same, &mut is_it).or_else(|| {
            let (old, _) = self.old.as_ref()?;
            old.get(key, same, &mut is_it)
        })
    }

    /// Asks the processor to fetch the slot where a lookup of `key` starts, so that a lookup
    /// made a few microseconds later (after the worker's flood) finds it in the cache.
    pub(crate) fn prefetch(&self, key: u64) {
        let i = (key >> self.slots.shift) as usize;
        let slot: *const u64 = &self.slots.slots[i];
        #[cfg(target_arch = "x86_64")]
        // SAFETY: a prefetch is a hint that never faults or changes memory (and `slot` points
        // into the slots array anyway); SSE, which it needs, is in every x86-64 processor.
        unsafe {
            use std::arch::x86_64::{_MM_HINT_T0, _mm_prefetch};
            _mm_prefetch::<_MM_HINT_T0>(slot.cast());
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = slot;
    }

    /// Stores `node` under `key`. Different nodes may share a key: [`PositionTable::get`] tells
    /// them apart.
    pub(crate) fn insert(&mut self, key: u64, node: u32) {
        debug_assert!(node != u32::MAX);
        if (self.entries + 1) * 4 > self.slots.len() * 3 {
            self.start_growing();
        }
        self.slots.put(slot_of(key, node));
        self.entries += 1;
        self.move_some(MOVE_PER_INSERT);
    }

    fn start_growing(&mut self) {
        // Still moving the last one: finish it (it never is, at MOVE_PER_INSERT).
        self.move_some(usize::MAX);
        let bits = 64 - self.slots.shift + 1;
        // A slot keeps the key's high 32 bits: enough to name any of 2³² slots.
        debug_assert!(bits <= 32);
        let full = std::mem::replace(&mut self.slots, Slots::with_bits(bits));
        self.old = Some((full, 0));
    }

    /// Moves the next `count` old slots' entries into the new table.
    fn move_some(&mut self, count: usize) {
        let Some((old, done)) = self.old.as_mut() else {
            return;
        };
        let end = old.len().min(done.saturating_add(count));
        for &slot in &old.slots[*done..end] {
            if slot != EMPTY {
                self.slots.put(slot);
            }
        }
        *done = end;
        if end == old.len() {
            self.old = None;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn keys(n: u32) -> impl Iterator<Item = (u64, u32)> {
        let mut seed = 7u64;
        (0..n).map(move |i| {
            seed = seed
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            (seed, i)
        })
    }

    /// The node stored under `key`, as the search asks: each candidate's own key compared.
    fn lookup(table: &PositionTable, stored: &[u64], key: u64) -> Option<u32> {
        table.get(key, |node| stored[node as usize] == key)
    }

    #[test]
    fn every_key_is_found_while_and_after_the_table_grows() {
        let mut table = PositionTable::default();
        let n = 200_000;
        let stored: Vec<u64> = keys(n).map(|(key, _)| key).collect();
        for (key, node) in keys(n) {
            table.insert(key, node);
            // The newest and a key from each growth's old table are found at every size.
            assert_eq!(lookup(&table, &stored, key), Some(node));
        }
        assert_eq!(table.entries, n as usize);
        for (key, node) in keys(n) {
            assert_eq!(lookup(&table, &stored, key), Some(node));
            // Same high bits, so the same candidates: each is asked about and refused.
            let mut asked = 0;
            let other = table.get(key ^ 1, |node| {
                asked += 1;
                stored[node as usize] == key ^ 1
            });
            assert_eq!(other, None, "{key:x} ^ 1 was never stored");
            assert!(asked >= 1);
        }
        assert!(table.slots.len() >= n as usize * 4 / 3);
    }

    #[test]
    fn keys_sharing_a_slot_and_wrapping_round_the_end_are_kept_apart() {
        let mut table = PositionTable::default();
        // Same high bits (same slot), the last slot (probing wraps to slot 0), and key 0.
        let crowded = [u64::MAX, u64::MAX - 1, u64::MAX - 2, 0, 1, 2];
        for (node, &key) in crowded.iter().enumerate() {
            table.insert(key, node as u32);
        }
        for (node, &key) in crowded.iter().enumerate() {
            assert_eq!(lookup(&table, &crowded, key), Some(node as u32));
        }
        assert_eq!(lookup(&table, &crowded, 3), None);
        assert_eq!(lookup(&table, &crowded, u64::MAX - 3), None);
    }

    #[test]
    fn different_nodes_under_one_key_are_each_found() {
        let mut table = PositionTable::default();
        let key = 0x1234_5678_9abc_def0;
        for node in 0..3 {
            table.insert(key, node);
        }
        for node in 0..3 {
            assert_eq!(table.get(key, |n| n == node), Some(node));
        }
        assert_eq!(table.get(key, |n| n == 3), None);
        assert_eq!(table.get(!key, |_| true), None);
    }

    #[test]
    fn a_key_is_found_under_any_worker_bits_while_the_table_grows() {
        let mut table = PositionTable::default();
        let n = 50_000;
        let stored: Vec<u64> = keys(n).map(|(key, _)| key).collect();
        let worker_bits = (1u64 << WORKER_KEY_BITS) - 1;
        // The boxes' part of a key: what the caller compares.
        let boxes = |key: u64| key & !worker_bits;
        for (key, node) in keys(n) {
            table.insert(key, node);
            // The same boxes with the worker elsewhere: the bits 32 to 35 differ too.
            let elsewhere = key ^ 0xa_dead_beef;
            let same_boxes = |old: u32| boxes(stored[old as usize]) == boxes(elsewhere);
            assert_eq!(table.get_any_worker(elsewhere, same_boxes), Some(node));
            assert_eq!(
                table.get(elsewhere, same_boxes),
                None,
                "get compares bits 32 to 35"
            );
        }
        // Other boxes: found only where a stored key has them (28 random bits: a few do).
        let by_boxes: std::collections::HashMap<u64, u32> =
            keys(n).map(|(key, node)| (boxes(key), node)).collect();
        let mut found_any = 0;
        for (key, _) in keys(n) {
            let other = key ^ (1 << 40);
            let found =
                table.get_any_worker(other, |old| boxes(stored[old as usize]) == boxes(other));
            let expected = by_boxes.get(&boxes(other)).copied();
            assert_eq!(found.is_some(), expected.is_some(), "{other:x}");
            found_any += usize::from(found.is_some());
        }
        assert!(found_any < 100, "{found_any} of {n} other boxes found");
    }

    #[test]
    fn the_old_table_is_emptied_before_the_new_one_fills() {
        let mut table = PositionTable::default();
        let mut grown_while_moving = 0;
        for (key, node) in keys(100_000) {
            let before = table.slots.len();
            let moving = table.old.is_some();
            table.insert(key, node);
            grown_while_moving += usize::from(moving && table.slots.len() != before);
        }
        assert_eq!(grown_while_moving, 0);
    }
}
