//! Questions from the other three sources: the lab's own views (`s0-`), the Spanish chapter on
//! strides, views and broadcasting (`s1-`), the visual walkthrough of the offset formula (`s2-`)
//! and the book chapter on tensors (`s3-`), one submodule each, in the bank's order.

use crate::question::Question;
use crate::text::Text;

mod book;
mod book_code;

pub(crate) use book_code::{CostWords, cost_words, wrong_note};
mod chapter;
mod lab;
mod walkthrough;

const BROADCAST_HINT: Text = Text::new(
    "Line the shapes up from the right, pad the shorter one with 1s on the left, then compare axis by axis: equal sizes stay, a 1 stretches, anything else is an error.",
    "Alinea las shapes por la derecha, rellena la más corta con 1s por la izquierda y compara eje por eje: los tamaños iguales se quedan, un 1 se estira y cualquier otra cosa es un error.",
);

const BYTE_STRIDE_HINT: Text = Text::new(
    "In bytes: the last axis steps one itemsize; each axis to its left jumps over the whole row to its right.",
    "En bytes: el último eje avanza un itemsize; cada eje a su izquierda salta por encima de toda la fila que tiene a su derecha.",
);

pub(super) fn questions() -> Vec<Question> {
    let mut all = lab::questions();
    all.extend(chapter::questions());
    all.extend(walkthrough::questions());
    all.extend(book::questions());
    all
}
