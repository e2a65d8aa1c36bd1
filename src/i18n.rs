//! English and Spanish: every string of the interface, as two static tables of the same keys
//! ([`Texts`]: [`en`] and [`es`]), looked up one way: `lang.t().key`, with `{name}` placeholders
//! filled by [`fill`] and plural forms chosen by [`crate::intl::plural`]. No framework; numbers are
//! formatted by the browser's `Intl` where a locale matters. The quiz's own texts (questions,
//! feedback) are the quiz crate's [`quiz::Text`], in the same two languages ([`Lang::quiz`]).

pub mod einsum;
mod en;
mod es;

pub use en::EN;
pub use es::ES;

/// The lab's languages.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Lang {
    /// English.
    #[default]
    En,
    /// Español.
    Es,
}

impl Lang {
    /// A language from a BCP 47 tag (`es`, `es-MX`, `en-GB`); anything else is English.
    pub fn from_tag(tag: &str) -> Option<Lang> {
        let primary = tag
            .split(['-', '_'])
            .next()
            .unwrap_or("")
            .to_ascii_lowercase();
        match primary.as_str() {
            "en" => Some(Lang::En),
            "es" => Some(Lang::Es),
            _ => None,
        }
    }

    /// The tag for `lang` attributes.
    pub fn tag(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::Es => "es",
        }
    }

    /// The same language for the quiz's own texts ([`quiz::Text`]).
    pub fn quiz(self) -> quiz::Lang {
        match self {
            Lang::En => quiz::Lang::En,
            Lang::Es => quiz::Lang::Es,
        }
    }

    /// This language's strings.
    pub fn t(self) -> &'static Texts {
        match self {
            Lang::En => &EN,
            Lang::Es => &ES,
        }
    }
}

/// Every string of the lab.
pub struct Texts {
    pub lesson_arrays: &'static str,
    pub more_examples: &'static str,
    pub program: &'static str,
    pub program_help: &'static str,
    /// What the program printed.
    pub output: &'static str,
    /// The mark beside a value computed where the library's own last bits depend on the
    /// machine (the values policy): its hover title.
    pub approx_title: &'static str,
    /// The sentence under such a value: what may differ.
    pub approx_note: &'static str,
    /// The sentence under indices whose tied ones may come in another order.
    pub approx_ties_note: &'static str,
    /// The label of a cell whose memory was never written (`np.empty`), drawn as `?`.
    pub unwritten: &'static str,
    /// The lab's error for reading values `np.empty` (first) or `torch.empty` (second) left
    /// unwritten.
    pub unwritten_read: [&'static str; 2],
    pub run: &'static str,
    /// The program box while the engine runs the program (after a moment).
    pub running: &'static str,
    /// The same while the engine has not started yet.
    pub engine_starting: &'static str,
    /// The button that ends a run.
    pub stop: &'static str,
    /// A run the learner stopped.
    pub stopped_by_learner: &'static str,
    /// A run stopped at the page's time limit (`{seconds}`).
    pub stopped_time_limit: &'static str,
    /// The engine could not read the page's request (different builds).
    pub engine_unreadable: &'static str,
    pub units: &'static str,
    pub elements: &'static str,
    pub bytes: &'static str,
    pub dtype: &'static str,
    pub dtype_as_written: &'static str,
    /// `{dtype}`: the menu's choice, when only it makes the program fail.
    pub dtype_fault: &'static str,
    pub dtype_fault_note: &'static str,
    /// `{as_written}`: [`Texts::dtype_as_written`].
    pub dtype_undo: &'static str,
    pub skip_to_array: &'static str,
    pub the_array: &'static str,
    /// The last line gave `None` (`print(…)`): `{name}`, the last array the program named, is
    /// drawn instead.
    pub drawn_named: &'static str,
    pub grid_label: &'static str,
    pub memory: &'static str,
    pub own_memory: &'static str,
    pub memory_label: &'static str,
    pub position: &'static str,
    pub never_read: &'static str,
    pub read_times: &'static str,
    pub read_once: &'static str,
    pub empty_array: &'static str,
    pub point_hint: &'static str,
    /// The rule in reverse: `{n}` readers of a memory cell; `{name}` the array.
    pub read_by_one: &'static str,
    pub read_by_many: &'static str,
    pub read_by_none: &'static str,
    /// `{n}` readers not written out.
    pub and_more: &'static str,
    /// A byte inside an element that starts at `{at}`.
    pub inside: &'static str,
    pub axis: &'static str,
    /// Where an axis runs on the grid: the last along a row, the one before down a column,
    /// outer ones from block to block.
    pub along_row: &'static str,
    pub down_column: &'static str,
    pub across_blocks: &'static str,
    /// A jump of stride 0: the position stays (broadcast).
    pub stays: &'static str,
    /// Beside the row: positions read outside the buffer (`as_strided`).
    pub outside_buffer: &'static str,
    pub jumps_label: &'static str,
    /// The reading order (the walk).
    pub reading_order: &'static str,
    pub walk_show: &'static str,
    /// `{order}` is [`Texts::row_order`] or [`Texts::column_order`].
    pub walk_source: &'static str,
    pub walk_copy: &'static str,
    pub walk_view: &'static str,
    pub walk_break: &'static str,
    /// `{n}` positions not drawn.
    pub walk_more: &'static str,
    /// Over the walk of a failed view: `{order}` is [`Texts::row_order`] or
    /// [`Texts::column_order`].
    pub walk_failed: &'static str,
    /// Why no strides fit a failed view: `{a}` the first step, `{b}` the first unlike it.
    pub walk_failed_why: &'static str,
    pub row_order: &'static str,
    pub column_order: &'static str,
    /// Under the windows' bars: `{count}` is [`Texts::windows_one`] or `windows_many`, `{cells}`
    /// [`Texts::cells_one`] or `cells_many`.
    pub windows_caption: &'static str,
    pub windows_one: &'static str,
    pub windows_many: &'static str,
    pub cells_one: &'static str,
    pub cells_many: &'static str,
    /// The rule in reverse for windows: `{n}` windows read the cell; each reader's window.
    pub read_by_window_one: &'static str,
    pub read_by_window_many: &'static str,
    pub in_window: &'static str,
    pub step_back: &'static str,
    pub step_next: &'static str,
    pub play: &'static str,
    pub pause: &'static str,
    /// `{k}`, `{n}`, `{from}`, `{to}`, `{step}`.
    pub step_said: &'static str,
    pub info: &'static str,
    pub shape: &'static str,
    pub strides: &'static str,
    pub start: &'static str,
    pub itemsize: &'static str,
    pub size: &'static str,
    pub nbytes: &'static str,
    pub in_elements: &'static str,
    pub in_bytes: &'static str,
    pub flags: &'static str,
    pub shares_memory_with: &'static str,
    pub yes: &'static str,
    pub no: &'static str,
    pub too_hard: &'static str,
    pub view: &'static str,
    pub copy: &'static str,
    /// The facts panel's kind (`{of}` and `{by}` are filled in): a view of the first array's
    /// memory, memory of its own (a copy or a new array), or a view of such new memory.
    pub a_view: &'static str,
    pub a_copy: &'static str,
    pub a_new: &'static str,
    pub a_new_by: &'static str,
    pub a_view_of_copy: &'static str,
    pub a_view_of_new: &'static str,
    pub advanced_indexing: &'static str,
    /// What makes the 0-d copy of a NumPy scalar indexed with `None` or `...`.
    pub scalar_indexing: &'static str,
    pub why: &'static str,
    pub error: &'static str,
    /// The label of the lab's own errors (class `Unsupported`): not an exception of the library.
    pub not_in_lab: &'static str,
    /// The label of a limit of the lab (its words are the quiz crate's [`quiz::limit::said`]).
    pub lab_limit: &'static str,
    /// Valid Python the lab does not run; `{what}` names it.
    pub valid_not_run: &'static str,
    /// A name of the library the lab does not run: the name (`np.einsum`), then `part_of`, the
    /// library (`NumPy`), then `not_run_yet`.
    pub part_of: &'static str,
    pub not_run_yet: &'static str,
    pub at_line: &'static str,
    pub column: &'static str,
    pub value: &'static str,
    pub summarized: &'static str,
    pub outside: &'static str,
    pub broadcasting: &'static str,
    pub broadcast_help: &'static str,
    pub operand_a: &'static str,
    pub operand_b: &'static str,
    pub result: &'static str,
    pub add_axis: &'static str,
    pub remove_axis: &'static str,
    pub equal: &'static str,
    pub stretched: &'static str,
    pub incompatible: &'static str,
    pub padded: &'static str,
    pub stride_zero_view: &'static str,
    pub bug_title: &'static str,
    pub bug_text: &'static str,
    pub dimension: &'static str,
    pub language: &'static str,
    pub quiz: &'static str,
    pub quiz_questions: &'static str,
    pub your_answer: &'static str,
    pub check: &'static str,
    pub hint: &'static str,
    pub worked: &'static str,
    pub open_in_lab: &'static str,
    pub not_yet: &'static str,
    /// A quiz card while the engine checks its answer.
    pub checking: &'static str,
    /// A check the learner's Stop (or the time limit) ended before its verdict.
    pub check_stopped: &'static str,
    /// A check the engine could not answer (another build of the engine).
    pub check_failed: &'static str,
    /// The worked answer while the engine works it out.
    pub working_out: &'static str,
    pub practice: &'static str,
    pub seed: &'static str,
    pub new_set: &'static str,
    pub practice_help: &'static str,
    pub previous: &'static str,
    pub next: &'static str,
    pub question: &'static str,
    pub answered_right: &'static str,
    pub answered_wrong: &'static str,
    pub unanswered: &'static str,
    pub code_help: &'static str,
    pub code_keys: &'static str,
    pub choose_one: &'static str,
    pub choose_all: &'static str,
    pub tuple_help: &'static str,
    /// Under the answer box of a question answered with an exception class.
    pub word_help: &'static str,
    /// Which variant of a question with parameters is asked (`{n}`, `{count}`, `{seed}`).
    pub variant_of: &'static str,
    /// While the question files are fetched.
    pub questions_loading: &'static str,
    /// Above the list of questions (file, id, field) that could not be asked.
    pub questions_unusable: &'static str,
    pub progress_saved: &'static str,
    pub dismiss: &'static str,
    /// The titles of the groups of more examples, in the order of [`crate::presets::MORE`].
    pub more_groups: [&'static str; crate::presets::MORE.len()],
    /// Between the last two items of a list: "0, 1 and 2".
    pub and_word: &'static str,
    /// A step of a walk: `{n}` positions forward, back, or none.
    pub step_forward: &'static str,
    pub step_backward: &'static str,
    pub step_stay: &'static str,
    /// The order a copy reads its input in.
    pub order_row: &'static str,
    pub order_column: &'static str,
    pub order_memory: &'static str,
    /// A copy's walk: `{order}`, `{walk}` (positions), `{steps}`, `{function}`; with one `{stride}`, and the `{needed}` one.
    pub walk_uneven: &'static str,
    pub walk_spaced: &'static str,
    pub walk_always_short: &'static str,
    pub walk_always: &'static str,
    /// The why of each layout (`{function}` and the others are filled in).
    pub why_created: &'static str,
    pub pick_empty: &'static str,
    /// `{n}` items (plural forms).
    pub items_one: &'static str,
    pub items_other: &'static str,
    pub pick_slice: &'static str,
    pub pick_int: &'static str,
    pub pick_new_axis: &'static str,
    pub start_stays: &'static str,
    pub start_moves: &'static str,
    pub why_permuted: &'static str,
    pub why_regrouped: &'static str,
    pub reshape_reason: &'static str,
    /// A broadcast's stretched `{axes}`, one or more, and the word for them.
    pub broadcast_axis: &'static str,
    pub broadcast_axes: &'static str,
    pub broadcast_it: &'static str,
    pub broadcast_them: &'static str,
    pub times_one: &'static str,
    pub times_other: &'static str,
    pub why_broadcast: &'static str,
    pub why_axes: &'static str,
    /// A view whose strides a function computes from the old ones (`diagonal`, `unfold`, `view(dtype)`).
    pub why_restrided: &'static str,
    pub why_windows: &'static str,
    pub why_as_strided: &'static str,
    pub outside_one: &'static str,
    pub outside_other: &'static str,
    pub why_copied: &'static str,
    pub why_cast: &'static str,
    pub why_gathered: &'static str,
    pub why_from_scalar: &'static str,
    pub why_computed: &'static str,
    pub why_contracted: &'static str,
    /// Why `view` fails: the strides, and what would have to hold.
    pub needs_copy: &'static str,
    pub needs_copy_fix: &'static str,
    /// NumPy's way out of a refused `reshape(copy=False)` (`needs_copy_fix` is PyTorch's `view`).
    pub needs_copy_fix_numpy: &'static str,
    /// Why a reshape's sizes cannot hold the array: `{n}` numbers, `{p}` places.
    pub numbers_one: &'static str,
    pub numbers_other: &'static str,
    pub reshape_rule: &'static str,
    pub reshape_unknown: &'static str,
    pub place_one: &'static str,
    pub place_other: &'static str,
    /// The verb, for one number or several.
    pub cannot_fill_one: &'static str,
    pub cannot_fill_other: &'static str,
    pub does_not_fit_one: &'static str,
    pub does_not_fit_other: &'static str,
    pub reshape_size: &'static str,
    /// The options' problems (`{name}`, `{value}`, `{wants}`).
    pub problem_unknown: &'static str,
    pub problem_bad: &'static str,
    pub problem_unreadable: &'static str,
    pub problem_not_object: &'static str,
    /// What an option wants, in the order of [`crate::options::WANTS`].
    pub wants: [&'static str; 8],
    /// The einsum cost panel's strings.
    pub einsum: &'static einsum::EinsumTexts,
}

/// `template` with each `{key}` replaced by its value.
pub fn fill(template: &str, values: &[(&str, &str)]) -> String {
    let mut out = template.to_string();
    for (key, value) in values {
        out = out.replace(&format!("{{{key}}}"), value);
    }
    out
}
