//! Deals that can always be finished, and the shuffle that keeps them so: both build the board
//! backwards, one pair at a time, each pair placed where it links on the board as it stands;
//! removing the pairs in the reverse order then clears the board (with gravity too: a pair is
//! inserted into its columns, lifting the tiles above, so that its removal lets them fall back).
//! Also the exact search that says whether a board can be cleared at all.

use std::collections::HashSet;

use super::{Cell, LinkBoard, TileBoard};
use crate::core::generate::Rng;

/// A removal order: the pairs, first removed first, named as the cells are when each is removed.
pub type Order<C = Cell> = Vec<(C, C)>;

/// Faces for a board of `tiles`: four copies of each (as the classic 18x8 with 36 faces), at
/// most 62 (the text form's letters and digits); larger boards repeat faces in more pairs.
pub fn faces_for(tiles: u32) -> u8 {
    (tiles / 4).clamp(1, 62) as u8
}

/// A full `width` × `height` board that can be cleared, with an order that clears it: faces as
/// [`faces_for`] says, each used an even number of times. `None` only if the construction got
/// stuck in all its tries (not seen on the game's sizes).
pub fn deal(width: i32, height: i32, gravity: bool, seed: u64) -> Option<(LinkBoard, Order)> {
    let empty = LinkBoard::empty(width, height);
    let faces = faces_for((width * height) as u32);
    if gravity {
        let mut rng = Rng::new(seed);
        let pairs = (width * height / 2) as usize;
        (0..100).find_map(|_| {
            let face_of = spread_faces(pairs, faces, &mut rng);
            place_fallen(&empty, &vec![height; width as usize], &face_of, &mut rng)
        })
    } else {
        let cells: Vec<Cell> = empty.cells().collect();
        solvable_deal(&empty, &cells, faces, seed, 1000)
    }
}

/// The faces of `pairs` pairs: each of `faces` in turn, shuffled.
fn spread_faces(pairs: usize, faces: u8, rng: &mut Rng) -> Vec<u8> {
    let faces = faces.max(1) as usize;
    let mut face_of: Vec<u8> = (0..pairs).map(|i| (i % faces) as u8 + 1).collect();
    shuffle(&mut face_of, rng);
    face_of
}

/// A solvable deal on `cells` of an empty board (all of them, an even number): `faces` of them,
/// each used an even number of times, spread as evenly as the count allows. `None` when the
/// construction got stuck in `attempts` tries.
pub fn solvable_deal<B: TileBoard>(
    empty: &B,
    cells: &[B::Cell],
    faces: u8,
    seed: u64,
    attempts: u32,
) -> Option<(B, Order<B::Cell>)> {
    let mut rng = Rng::new(seed);
    (0..attempts).find_map(|_| {
        let face_of = spread_faces(cells.len() / 2, faces, &mut rng);
        place_pairs(empty, cells, &face_of, &mut rng)
    })
}

/// The tiles of `board` dealt again on the cells they hold (with gravity: as many in each
/// column) so that the board can be cleared, with an order that clears it. `None` when the
/// board is empty or no arrangement was found in 200 tries.
pub fn reshuffle(board: &LinkBoard, gravity: bool, seed: u64) -> Option<(LinkBoard, Order)> {
    if !gravity {
        return reshuffle_in_place(board, seed);
    }
    let pairs = face_pairs(board)?;
    let empty = LinkBoard::empty(board.width(), board.height());
    let mut rng = Rng::new(seed);
    (0..200).find_map(|_| {
        let mut face_of = pairs.clone();
        shuffle(&mut face_of, &mut rng);
        place_fallen(&empty, &board.column_heights(), &face_of, &mut rng)
    })
}

/// One face per pair of tiles on the board (the faces sorted, every second one); `None` when
/// the board is empty.
fn face_pairs<B: TileBoard>(board: &B) -> Option<Vec<u8>> {
    let mut faces: Vec<u8> = board.occupied().iter().map(|&c| board.get(c)).collect();
    faces.sort_unstable();
    let pairs: Vec<u8> = faces.chunks(2).map(|p| p[0]).collect();
    (!pairs.is_empty()).then_some(pairs)
}

/// The tiles dealt again on the cells they hold so that the board can be cleared (no gravity),
/// with an order that clears it; `None` when empty or not found in 200 tries.
pub fn reshuffle_in_place<B: TileBoard>(board: &B, seed: u64) -> Option<(B, Order<B::Cell>)> {
    let pairs = face_pairs(board)?;
    let (empty, cells) = (board.cleared(), board.occupied());
    let mut rng = Rng::new(seed);
    (0..200).find_map(|_| {
        let mut face_of = pairs.clone();
        shuffle(&mut face_of, &mut rng);
        place_pairs(&empty, &cells, &face_of, &mut rng)
    })
}

/// One try of the construction: each pair on two free cells that link on the board as it is.
/// The first cell of a pair is the free one of highest fill rank (the innermost, ties in random
/// order), so that the free cells left stay open to the ring and the last pairs can still be
/// joined; its partner is one of the first `B::PARTNER_CHOICES` that link, in that same order.
pub fn place_pairs<B: TileBoard>(
    empty: &B,
    cells: &[B::Cell],
    face_of: &[u8],
    rng: &mut Rng,
) -> Option<(B, Order<B::Cell>)> {
    let mut board = empty.clone();
    let mut free: Vec<B::Cell> = cells.to_vec();
    let mut order = Vec::new();
    for &face in face_of {
        shuffle(&mut free, rng);
        free.sort_by_key(|&c| std::cmp::Reverse(empty.fill_rank(c)));
        let (i, k) = (0..free.len()).find_map(|i| {
            let a = free[i];
            board.set(a, face);
            let partner = linking_partner(&mut board, &free, i, rng);
            if partner.is_none() {
                board.set(a, 0);
            }
            partner.map(|k| (i, k))
        })?;
        let (a, b) = (free[i], free[k]);
        board.set(b, face);
        free.retain(|&c| c != a && c != b);
        order.push((a, b));
    }
    order.reverse();
    Some((board, order))
}

/// The index in `free` of a partner for the tile just put on `free[i]`: one of the first
/// `B::PARTNER_CHOICES` free cells that would link with it.
fn linking_partner<B: TileBoard>(
    board: &mut B,
    free: &[B::Cell],
    i: usize,
    rng: &mut Rng,
) -> Option<usize> {
    let (a, face) = (free[i], board.get(free[i]));
    let mut links = (0..free.len()).filter(|&k| k != i).filter(|&k| {
        board.set(free[k], face);
        let ok = board.link(a, free[k]).is_some();
        board.set(free[k], 0);
        ok
    });
    if B::PARTNER_CHOICES == 1 {
        return links.next();
    }
    let mut firsts: Vec<usize> = links.take(B::PARTNER_CHOICES).collect();
    shuffle(&mut firsts, rng);
    firsts.first().copied()
}

/// The construction with gravity: columns fill from the bottom up to `heights`. Each pair is
/// inserted into its columns at random heights (the tiles above lifted), kept when the two link
/// on the board as it then is; after a few misses, on top of two columns, where a line over the
/// tops nearly always joins them.
fn place_fallen(
    empty: &LinkBoard,
    heights: &[i32],
    face_of: &[u8],
    rng: &mut Rng,
) -> Option<(LinkBoard, Order)> {
    let mut board = empty.clone();
    let mut filled = vec![0i32; heights.len()];
    let mut order = Vec::new();
    for &face in face_of {
        let open: Vec<usize> = (0..heights.len())
            .filter(|&x| filled[x] < heights[x])
            .collect();
        let placed = (0..24).find_map(|attempt| {
            let on_top = attempt >= 12;
            let pick = |rng: &mut Rng, filled: &[i32]| {
                let x = open[rng.below(open.len() as u32) as usize];
                let level = if on_top {
                    filled[x]
                } else {
                    rng.below(filled[x] as u32 + 1) as i32
                };
                (x, level)
            };
            let (x1, l1) = pick(rng, &filled);
            let (x2, l2) = pick(rng, &filled);
            // Both in one column: it must have room for two.
            if x1 == x2 && filled[x1] + 2 > heights[x1] {
                return None;
            }
            let mut next = board.clone();
            lift_in(&mut next, x1 as i32, l1, face);
            // The second insert lifts the first when it goes in below it in the same column.
            let l1_after = if x1 == x2 && l2 <= l1 { l1 + 1 } else { l1 };
            lift_in(&mut next, x2 as i32, l2, face);
            let h = board.height;
            let a = Cell::new(x1 as i32, h - 1 - l1_after);
            let b = Cell::new(x2 as i32, h - 1 - l2);
            next.link(a, b).map(|_| (next, a, b))
        });
        let (next, a, b) = placed?;
        filled[a.x as usize] += 1;
        filled[b.x as usize] += 1;
        board = next;
        order.push((a, b));
    }
    order.reverse();
    Some((board, order))
}

/// Puts `face` into column `x` at `level` tiles from the bottom, lifting the tiles from there up
/// by one.
fn lift_in(board: &mut LinkBoard, x: i32, level: i32, face: u8) {
    let h = board.height;
    let at = h - 1 - level;
    for y in 0..at {
        let below = board.get(Cell::new(x, y + 1));
        board.set(Cell::new(x, y), below);
    }
    board.set(Cell::new(x, at), face);
}

/// Fisher–Yates, with the deals' generator.
pub fn shuffle<T>(v: &mut [T], rng: &mut Rng) {
    for i in (1..v.len()).rev() {
        let j = rng.below(i as u32 + 1) as usize;
        v.swap(i, j);
    }
}

/// What the exact search found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Clearable<C = Cell> {
    /// The board clears by removing these pairs in this order.
    Yes(Order<C>),
    /// No order of removals clears it.
    No,
    /// The search gave up after its limit of positions.
    Unknown,
}

/// Whether a board can be cleared, by an exact depth-first search of at most `limit` positions
/// (positions met twice are searched once).
pub fn clear_order<B: TileBoard>(board: &B, gravity: bool, limit: usize) -> Clearable<B::Cell> {
    let mut search = Search {
        gravity,
        seen: HashSet::new(),
        order: Vec::new(),
        budget: limit,
    };
    match search.run(board.clone()) {
        Some(true) => Clearable::Yes(search.order),
        Some(false) => Clearable::No,
        None => Clearable::Unknown,
    }
}

struct Search<B: TileBoard> {
    gravity: bool,
    seen: HashSet<B>,
    order: Order<B::Cell>,
    budget: usize,
}

impl<B: TileBoard> Search<B> {
    /// `Some(true)` cleared (the order is in `self.order`), `Some(false)` not from here, `None`
    /// out of budget.
    fn run(&mut self, board: B) -> Option<bool> {
        if board.tiles() == 0 {
            return Some(true);
        }
        if self.budget == 0 {
            return None;
        }
        self.budget -= 1;
        if !self.seen.insert(board.clone()) {
            return Some(false);
        }
        for (a, b, _) in board.playable_pairs() {
            let mut next = board.clone();
            next.take(a, b, self.gravity);
            self.order.push((a, b));
            if self.run(next)? {
                return Some(true);
            }
            self.order.pop();
        }
        Some(false)
    }
}

#[cfg(test)]
mod tests {
    use super::super::LinkGame;
    use super::*;

    /// Plays an order on a board; true when every pair was legal and the board is empty.
    fn clears(board: &LinkBoard, gravity: bool, order: &Order) -> bool {
        let mut g = LinkGame::new(board.clone(), gravity);
        order.iter().all(|&(a, b)| g.remove(a, b).is_some()) && g.is_cleared()
    }

    #[test]
    fn solvable_deals_clear_in_their_own_order() {
        for gravity in [false, true] {
            for seed in 0..300 {
                let (b, order) = deal(6, 4, gravity, seed).expect("dealt");
                assert_eq!(b.tiles(), 24);
                assert!(clears(&b, gravity, &order), "seed {seed} gravity {gravity}");
            }
        }
    }

    #[test]
    fn the_game_sizes_deal_and_clear_with_an_even_count_of_each_face() {
        for (w, h) in [(14, 6), (18, 8), (24, 12), (8, 12), (10, 16), (6, 10)] {
            for gravity in [false, true] {
                for seed in 0..4 {
                    let (b, order) = deal(w, h, gravity, seed)
                        .unwrap_or_else(|| panic!("{w}x{h} seed {seed}: not dealt"));
                    assert_eq!(b.tiles() as i32, w * h);
                    let faces = b.faces();
                    for f in 1..=faces_for((w * h) as u32) {
                        let n = faces.iter().filter(|&&x| x == f).count();
                        assert!(n >= 2 && n % 2 == 0, "{w}x{h}: face {f} {n} times");
                    }
                    assert!(clears(&b, gravity, &order), "{w}x{h} seed {seed} {gravity}");
                }
            }
        }
        assert_eq!(faces_for(18 * 8), 36);
        assert_eq!(faces_for(24 * 12), 62);
    }

    /// Half a deal played, then shuffled, thousands of times: the shuffled board keeps each
    /// face's count and cell (or column height), and its own order clears it.
    #[test]
    fn the_shuffle_keeps_the_board_clearable() {
        for gravity in [false, true] {
            for seed in 0..1500u64 {
                let (w, h) = [(6, 4), (8, 6), (4, 6)][(seed % 3) as usize];
                let (b, order) = deal(w, h, gravity, seed).unwrap();
                let mut g = LinkGame::new(b, gravity);
                let played = (seed as usize * 7) % order.len();
                for &(a, bb) in &order[..played] {
                    g.remove(a, bb).unwrap();
                }
                let before = g.board().clone();
                let (after, order) = reshuffle(&before, gravity, seed ^ 0x5eed).expect("shuffled");
                let mut f0 = before.faces();
                let mut f1 = after.faces();
                f0.sort_unstable();
                f1.sort_unstable();
                assert_eq!(f0, f1, "seed {seed}");
                if gravity {
                    assert_eq!(before.column_heights(), after.column_heights());
                } else {
                    assert!(
                        before
                            .cells()
                            .all(|c| (before.get(c) == 0) == (after.get(c) == 0))
                    );
                }
                assert!(clears(&after, gravity, &order), "seed {seed} {gravity}");
            }
        }
    }

    #[test]
    fn the_exact_search_agrees_with_construction_on_small_boards() {
        for gravity in [false, true] {
            for seed in 0..40 {
                let (b, _) = deal(4, 3, gravity, seed).unwrap();
                let Clearable::Yes(order) = clear_order(&b, gravity, 100_000) else {
                    panic!("clearable, seed {seed}")
                };
                assert!(clears(&b, gravity, &order));
            }
        }
        // Two pairs crossed so that neither can be removed first.
        let stuck = LinkBoard::from_text("ab\nba\n").unwrap();
        assert_eq!(clear_order(&stuck, false, 1000), Clearable::No);
        // With gravity, the same board stays stuck.
        assert_eq!(clear_order(&stuck, true, 1000), Clearable::No);
        let big = deal(18, 8, false, 1).unwrap().0;
        assert_eq!(clear_order(&big, false, 5), Clearable::Unknown);
    }
}
