//! A stable sort for the short lists the lab orders (axes, letters, operands, the positions of a
//! walk): an insertion sort. Each element type given to core's general sorts instantiates about
//! 3 KB of wasm (quicksort, pivots, small sorts, and the stable driftsort beside them); this is a
//! few hundred bytes, and on lists of at most a few hundred items it is as fast.

/// Sorts `items` by `key`, keeping equal items in their order. Quadratic in the worst case: for
/// short lists only.
pub fn sort_small_by_key<T, K: Ord>(items: &mut [T], mut key: impl FnMut(&T) -> K) {
    for i in 1..items.len() {
        let mut j = i;
        while j > 0 {
            let (Some(a), Some(b)) = (items.get(j - 1), items.get(j)) else {
                break;
            };
            if key(a) <= key(b) {
                break;
            }
            items.swap(j - 1, j);
            j -= 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::sort_small_by_key;

    #[test]
    fn sorts_by_key_and_keeps_equal_items_in_order() {
        let mut items = [(3, 'a'), (1, 'b'), (3, 'c'), (0, 'd'), (1, 'e')];
        sort_small_by_key(&mut items, |&(k, _)| k);
        assert_eq!(items, [(0, 'd'), (1, 'b'), (1, 'e'), (3, 'a'), (3, 'c')]);
    }

    #[test]
    fn agrees_with_the_standard_stable_sort() {
        // Every list of length 0..=6 over three values, compared with `sort_by_key`.
        for len in 0..=6u32 {
            for code in 0..3usize.pow(len) {
                let mut items: [(usize, usize); 6] = [(0, 0); 6];
                let mut c = code;
                for (k, slot) in items.iter_mut().enumerate().take(len as usize) {
                    *slot = (c % 3, k);
                    c /= 3;
                }
                let list = &mut items[..len as usize];
                let mut expected = [(0usize, 0usize); 6];
                expected[..list.len()].copy_from_slice(list);
                let expected = &mut expected[..list.len()];
                expected.sort_by_key(|&(v, _)| v);
                sort_small_by_key(list, |&(v, _)| v);
                assert_eq!(list, expected);
            }
        }
    }

    #[test]
    fn a_descending_key_sorts_backwards() {
        let mut items = [2usize, 7, 1, 5];
        sort_small_by_key(&mut items, |&v| core::cmp::Reverse(v));
        assert_eq!(items, [7, 5, 2, 1]);
    }
}
