//! The search's table of stored positions: Zobrist key → node number.
//!
//! A hash table that doubles all at once stops the search for as long as it takes to move every
//! entry: 16 ms at half a million positions and 34 ms at a million on this project's machine,
//! longer than a frame when the hint searches a slice a frame (a browser). This one grows a
//! little at a time instead: when it is three quarters full it starts a table twice the size and
//! moves a few entries of the old one across on each insert, looking up both until the old one is
//! empty. The keys are random already (Zobrist), so their high bits are the slot.
//!
//! Keys are inserted once each (the search inserts only after a lookup missed), so an entry is
//! in the new table, or in the old one, or (moved) in both with the same node.

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

/// No node: an empty slot.
const EMPTY: u32 = u32::MAX;

/// An open-addressed array of slots with linear probing.
struct Slots {
    keys: Vec<u64>,
    nodes: Vec<u32>,
    /// `64 - log2(len)`: the key's high bits name its slot.
    shift: u32,
}

impl Slots {
    fn with_bits(bits: u32) -> Slots {
        Slots {
            keys: vec![0; 1 << bits],
            nodes: vec![EMPTY; 1 << bits],
            shift: 64 - bits,
        }
    }

    fn len(&self) -> usize {
        self.nodes.len()
    }

    fn get(&self, key: u64) -> Option<u32> {
        let mask = self.len() - 1;
        let mut i = (key >> self.shift) as usize;
        loop {
            match self.nodes[i] {
                EMPTY => return None,
                node if self.keys[i] == key => return Some(node),
                _ => i = (i + 1) & mask,
            }
        }
    }

    /// Puts a key known to be absent.
    fn put(&mut self, key: u64, node: u32) {
        let mask = self.len() - 1;
        let mut i = (key >> self.shift) as usize;
        while self.nodes[i] != EMPTY {
            i = (i + 1) & mask;
        }
        self.keys[i] = key;
        self.nodes[i] = node;
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
    pub(crate) fn get(&self, key: u64) -> Option<u32> {
        self.slots.get(key).or_else(|| {
            let (old, _) = self.old.as_ref()?;
            old.get(key)
        })
    }

    /// Stores `key` (not stored yet) for `node`.
    pub(crate) fn insert(&mut self, key: u64, node: u32) {
        debug_assert!(node != EMPTY && self.get(key).is_none());
        if (self.entries + 1) * 4 > self.slots.len() * 3 {
            self.start_growing();
        }
        self.slots.put(key, node);
        self.entries += 1;
        self.move_some(MOVE_PER_INSERT);
    }

    fn start_growing(&mut self) {
        // Still moving the last one: finish it (it never is, at MOVE_PER_INSERT).
        self.move_some(usize::MAX);
        let bits = 64 - self.slots.shift + 1;
        let full = std::mem::replace(&mut self.slots, Slots::with_bits(bits));
        self.old = Some((full, 0));
    }

    /// Moves the next `count` old slots' entries into the new table.
    fn move_some(&mut self, count: usize) {
        let Some((old, done)) = self.old.as_mut() else {
            return;
        };
        let end = old.len().min(done.saturating_add(count));
        for i in *done..end {
            if old.nodes[i] != EMPTY {
                self.slots.put(old.keys[i], old.nodes[i]);
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

    #[test]
    fn every_key_is_found_while_and_after_the_table_grows() {
        let mut table = PositionTable::default();
        let n = 200_000;
        for (key, node) in keys(n) {
            table.insert(key, node);
            // The newest and a key from each growth's old table are found at every size.
            assert_eq!(table.get(key), Some(node));
        }
        assert_eq!(table.entries, n as usize);
        for (key, node) in keys(n) {
            assert_eq!(table.get(key), Some(node));
            assert_eq!(table.get(key ^ 1), None, "{key:x} ^ 1 was never stored");
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
            assert_eq!(table.get(key), Some(node as u32));
        }
        assert_eq!(table.get(3), None);
        assert_eq!(table.get(u64::MAX - 3), None);
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
