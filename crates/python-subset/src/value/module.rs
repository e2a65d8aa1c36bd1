//! [`Module`]: a module object an embedder registers for `import` (see
//! [`Interp::modules`](crate::eval::Interp::modules)): its dotted name and its attributes.
//! Modules are made before a run and never change in it, so they hold no cycles.

use super::Value;
use std::rc::Rc;

/// A module: its dotted name and its attributes.
pub struct Module {
    /// The dotted name it is registered under (`numpy.lib`).
    pub name: Rc<str>,
    /// Its attributes, by name.
    pub attrs: Vec<(Rc<str>, Value)>,
}

impl Module {
    /// A new module value.
    pub fn new_value(name: &str, attrs: Vec<(Rc<str>, Value)>) -> Value {
        Value::Module(Rc::new(Module {
            name: Rc::from(name),
            attrs,
        }))
    }

    /// Attribute `name`, if the module has it.
    pub fn get(&self, name: &str) -> Option<Value> {
        self.attrs
            .iter()
            .find(|(n, _)| &**n == name)
            .map(|(_, v)| v.clone())
    }
}

impl Drop for Module {
    fn drop(&mut self) {
        super::drop_values(self.attrs.drain(..).map(|(_, v)| v).collect());
    }
}
