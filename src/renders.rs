//! Renders counted by component, in debug builds only: the browser tests read the counts to check
//! that pointing at a cell renders again only what shows the pointer (the grid, the memory row,
//! the rule, the jumps), never the quiz, the inputs or the cells themselves. Release builds
//! compile the counting out.

/// Counts one render of the component `name`.
#[inline]
pub fn count(name: &'static str) {
    #[cfg(debug_assertions)]
    COUNTS.with(|c| {
        let mut c = c.borrow_mut();
        match c.iter_mut().find(|(n, _)| *n == name) {
            Some((_, k)) => *k += 1,
            None => c.push((name, 1)),
        }
    });
    #[cfg(not(debug_assertions))]
    let _ = name;
}

/// How many times the component `name` has rendered in this page (always 0 in a release build).
pub fn of(name: &str) -> usize {
    #[cfg(debug_assertions)]
    {
        COUNTS.with(|c| {
            c.borrow()
                .iter()
                .find(|(n, _)| *n == name)
                .map_or(0, |(_, k)| *k)
        })
    }
    #[cfg(not(debug_assertions))]
    {
        let _ = name;
        0
    }
}

#[cfg(debug_assertions)]
thread_local! {
    static COUNTS: std::cell::RefCell<Vec<(&'static str, usize)>> =
        const { std::cell::RefCell::new(Vec::new()) };
}

#[cfg(test)]
mod tests {
    #[test]
    fn each_component_is_counted_on_its_own() {
        let before = super::of("Test");
        super::count("Test");
        super::count("Test");
        super::count("Other");
        assert_eq!(super::of("Test"), before + 2);
        assert_eq!(super::of("Other"), 1);
        assert_eq!(super::of("Never"), 0);
    }
}
