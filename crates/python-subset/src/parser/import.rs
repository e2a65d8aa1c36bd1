//! `import` and `from ... import` statements: dotted names, `as` aliases, parenthesized name
//! lists, `from a.b import *` (module level only). Relative imports are valid Python outside the
//! subset.

use super::Parser;
use crate::ast::{ImportName, StmtKind, add_name};
use crate::construct::Construct;
use crate::error::{Error, Result};
use crate::lexer::Tok;
use std::rc::Rc;

impl Parser<'_> {
    /// A name token, or the syntax error at the current token.
    fn import_name(&mut self) -> Result<Rc<str>> {
        match self.peek().clone() {
            Tok::Name(n) => {
                self.advance();
                Ok(n)
            }
            _ => Err(self.unexpected()),
        }
    }

    /// `a.b.c`.
    fn dotted_name(&mut self) -> Result<Rc<str>> {
        let mut name = self.import_name()?.to_string();
        while self.eat_op(".") {
            name.push('.');
            name.push_str(&self.import_name()?);
        }
        Ok(Rc::from(name))
    }

    /// `as name`, if there.
    fn alias(&mut self) -> Result<Option<Rc<str>>> {
        if self.eat_kw("as") {
            Ok(Some(self.import_name()?))
        } else {
            Ok(None)
        }
    }

    /// Records a name an import binds as a local of the function being parsed.
    fn bind_name(&mut self, name: &Rc<str>) {
        if let Some(locals) = &mut self.locals {
            add_name(locals, name);
        }
    }

    /// `import a.b as c, d` (the `import` keyword is next).
    pub(super) fn import_stmt(&mut self) -> Result<StmtKind> {
        self.advance();
        let mut names = Vec::new();
        loop {
            let start = self.span();
            let name = self.dotted_name()?;
            let alias = self.alias()?;
            let bound = match &alias {
                Some(a) => a.clone(),
                None => Rc::from(name.split('.').next().unwrap_or(&name)),
            };
            self.bind_name(&bound);
            names.push(ImportName {
                name,
                alias,
                span: start.to(self.prev_span()),
            });
            if !self.eat_op(",") {
                return Ok(StmtKind::Import(names));
            }
        }
    }

    /// `from a.b import x as y, z` or `from a.b import (x, y,)` (`from` is next).
    pub(super) fn import_from_stmt(&mut self) -> Result<StmtKind> {
        let start = self.advance();
        if self.is_op(".") || self.is_op("...") {
            return Err(Error::unsupported(
                Construct::RelativeImports,
                start.to(self.span()),
            ));
        }
        let module = self.dotted_name()?;
        if !self.eat_kw("import") {
            return Err(self.unexpected());
        }
        if self.is_op("*") {
            let at = self.advance();
            if self.locals.is_some() {
                return Err(Error::syntax("import * only allowed at module level", at));
            }
            return Ok(StmtKind::FromImportStar(module));
        }
        let parens = self.eat_op("(");
        let mut names = Vec::new();
        loop {
            let at = self.span();
            let name = self.import_name()?;
            let alias = self.alias()?;
            self.bind_name(alias.as_ref().unwrap_or(&name));
            names.push(ImportName {
                name,
                alias,
                span: at.to(self.prev_span()),
            });
            if !self.eat_op(",") {
                break;
            }
            if parens && self.is_op(")") {
                break;
            }
            if !parens && matches!(self.peek(), Tok::Newline | Tok::Eof | Tok::Op(";")) {
                return Err(Error::syntax(
                    "trailing comma not allowed without surrounding parentheses",
                    self.prev_span(),
                ));
            }
        }
        if parens {
            self.expect_op(")")?;
        }
        Ok(StmtKind::FromImport(module, names))
    }
}
