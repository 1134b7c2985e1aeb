//! The sink list turned round: interpreter code that obtains a module or
//! binding able to start processes (python `pty`, `multiprocessing`,
//! `subprocess`, `os`'s exec/spawn/fork families, `ctypes`; node
//! `child_process`, `worker_threads`, `process.binding`; ruby `PTY`,
//! `Open3`; perl `IPC::*`; PHP `FFI`, `mail`; lua `ffi`, `posix`; …) and
//! uses it where no listed sink explains the use is unresolved, so the
//! output gate holds it. A sink list can never be complete; the modules
//! that can start a process are few and known.
//!
//! A use is explained when it is a listed sink (judged, or held when not
//! called, by the search in `code_strings.rs`) or a member known not to
//! start anything (`subprocess.PIPE`, `multiprocessing.cpu_count`,
//! `os.getcwd`). Anything else — another member, the module handed on as
//! a value, indexed, bound under a name not followed, imported whole with
//! `*`, or named at run time — is unresolved. Code loaded from a stream
//! (`require('/dev/stdin')`, perl `do '/dev/stdin'`, PHP `include
//! 'php://stdin'`, lua `dofile()`) is unresolved too.

use super::{Code, Lang, Quote, Tok, sink};

/// What members of a process module are known not to start a process.
#[derive(Clone, Copy)]
enum Members {
    /// Every member but those starting with one of these.
    AllBut(&'static [&'static str]),
    /// Only these (and, for `ctypes`, the `c_*` types).
    Only(&'static [&'static str]),
}

struct Module {
    name: &'static str,
    members: Members,
}

const OS_FAMILIES: &[&str] = &[
    "exec",
    "spawn",
    "fork",
    "posix_spawn",
    "popen",
    "system",
    "startfile",
];

const PYTHON_MODULES: &[Module] = &[
    Module {
        name: "os",
        members: Members::AllBut(OS_FAMILIES),
    },
    Module {
        name: "posix",
        members: Members::AllBut(OS_FAMILIES),
    },
    Module {
        name: "nt",
        members: Members::AllBut(OS_FAMILIES),
    },
    Module {
        name: "platform",
        members: Members::AllBut(&["popen"]),
    },
    Module {
        name: "asyncio",
        members: Members::AllBut(&["create_subprocess", "subprocess"]),
    },
    Module {
        name: "subprocess",
        members: Members::Only(&[
            "PIPE",
            "STDOUT",
            "DEVNULL",
            "CalledProcessError",
            "TimeoutExpired",
            "CompletedProcess",
            "SubprocessError",
            "list2cmdline",
        ]),
    },
    Module {
        name: "multiprocessing",
        members: Members::Only(&[
            "cpu_count",
            "current_process",
            "parent_process",
            "active_children",
            "Pool",
            "Process",
            "Queue",
            "SimpleQueue",
            "JoinableQueue",
            "Lock",
            "RLock",
            "Event",
            "Semaphore",
            "BoundedSemaphore",
            "Condition",
            "Barrier",
            "Manager",
            "Value",
            "Array",
            "Pipe",
            "freeze_support",
            "get_context",
            "set_start_method",
            "get_start_method",
            "get_all_start_methods",
            "TimeoutError",
            "ProcessError",
            "pool",
            "dummy",
            "shared_memory",
        ]),
    },
    Module {
        name: "pty",
        members: Members::Only(&[
            "openpty",
            "STDIN_FILENO",
            "STDOUT_FILENO",
            "STDERR_FILENO",
            "CHILD",
        ]),
    },
    Module {
        name: "ctypes",
        members: Members::Only(&[
            "sizeof",
            "alignment",
            "byref",
            "addressof",
            "POINTER",
            "pointer",
            "Structure",
            "Union",
            "LittleEndianStructure",
            "BigEndianStructure",
            "create_string_buffer",
            "create_unicode_buffer",
            "util",
        ]),
    },
    Module {
        name: "commands",
        members: Members::Only(&[]),
    },
    Module {
        name: "_posixsubprocess",
        members: Members::Only(&[]),
    },
    Module {
        name: "_ctypes",
        members: Members::Only(&[]),
    },
    Module {
        name: "cffi",
        members: Members::Only(&[]),
    },
    Module {
        name: "pexpect",
        members: Members::Only(&[]),
    },
    Module {
        name: "sh",
        members: Members::Only(&[]),
    },
    Module {
        name: "plumbum",
        members: Members::Only(&[]),
    },
    Module {
        name: "popen2",
        members: Members::Only(&[]),
    },
    Module {
        name: "_winapi",
        members: Members::Only(&[]),
    },
    Module {
        name: "runpy",
        members: Members::Only(&[]),
    },
    Module {
        name: "code",
        members: Members::Only(&[]),
    },
];

const JS_MODULES: &[Module] = &[
    Module {
        name: "child_process",
        members: Members::Only(&[]),
    },
    Module {
        name: "worker_threads",
        members: Members::Only(&[
            "isMainThread",
            "parentPort",
            "workerData",
            "threadId",
            "resourceLimits",
            "MessageChannel",
            "MessagePort",
            "BroadcastChannel",
            "receiveMessageOnPort",
            "markAsUntransferable",
            "getEnvironmentData",
        ]),
    },
    Module {
        name: "cluster",
        members: Members::Only(&["isPrimary", "isMaster", "isWorker", "worker", "workers"]),
    },
    Module {
        name: "vm",
        members: Members::Only(&["createContext", "isContext"]),
    },
    Module {
        name: "module",
        members: Members::Only(&["createRequire", "builtinModules", "isBuiltin"]),
    },
];

/// Whether `member` of `module` (reached as `qual.member`) is explained.
fn explained(c: &Code, module: &Module, qual: Option<&str>, member: &str) -> bool {
    if sink(c.lang, qual, member, c.src).is_some() {
        return true;
    }
    match module.members {
        Members::AllBut(families) => !families.iter().any(|f| member.starts_with(f)),
        Members::Only(inert) => {
            inert.contains(&member) || (module.name == "ctypes" && member.starts_with("c_"))
        }
    }
}

fn module_of<'m>(modules: &'m [Module], name: &str) -> Option<&'m Module> {
    let name = name.strip_prefix("node:").unwrap_or(name);
    let top = name.split(['.', '/']).next().unwrap_or(name);
    modules.iter().find(|m| m.name == top)
}

/// Whether `code`'s use of process-starting modules is unexplained.
pub(super) fn unexplained(c: &Code) -> bool {
    match c.lang {
        Lang::Python => python(c),
        Lang::Js => js(c),
        Lang::Ruby => ruby(c),
        Lang::Perl => perl(c),
        Lang::Php => php(c),
        Lang::Lua => lua(c),
        Lang::R => r(c),
        Lang::Awk => false,
    }
}

fn name_at<'a>(c: &'a Code, k: usize) -> Option<&'a str> {
    match c.toks.get(k) {
        Some(Tok::Name(n)) => Some(n.as_str()),
        _ => None,
    }
}

fn punct_at(c: &Code, k: usize, p: char) -> bool {
    c.toks.get(k) == Some(&Tok::Punct(p))
}

/// The literal string of a call's single argument (`require('x')`), the
/// index past its closing parenthesis; `None` text when the argument is
/// anything else.
fn literal_arg(c: &Code, open: usize) -> (Option<String>, usize) {
    let close = c.group_end(open);
    let text = match &c.toks[open + 1..close.saturating_sub(1).max(open + 1)] {
        [Tok::Str(s, Quote::Plain, false)] => Some(s.clone()),
        _ => None,
    };
    (text, close)
}

/// Bound names: a name bound to a process module, and that module.
type Bound<'m> = Vec<(String, &'m Module)>;

/// Whether every later use of a bound name is a member explained; uses
/// inside the statements that bound them (`skip`) are not uses.
fn uses_unexplained(c: &Code, bound: &Bound, skip: &[(usize, usize)]) -> bool {
    for (i, t) in c.toks.iter().enumerate() {
        let Tok::Name(n) = t else { continue };
        if (i > 0 && punct_at(c, i - 1, '.')) || skip.iter().any(|&(s, e)| (s..e).contains(&i)) {
            continue;
        }
        let Some((_, module)) = bound.iter().find(|(b, _)| b == n) else {
            continue;
        };
        match (punct_at(c, i + 1, '.'), name_at(c, i + 2)) {
            (true, Some(member)) if explained(c, module, Some(n), member) => {}
            _ => return true,
        }
    }
    false
}

fn statement_start(c: &Code, i: usize) -> bool {
    i == 0
        || matches!(
            c.toks[i - 1],
            Tok::Punct(';' | '\n' | ':' | '{' | '}' | ')')
        )
}

/// Python: `import m [as a]`, `from m import x [as y]`, `__import__('m')`,
/// `importlib.import_module('m')`, and reflective reaches (`__globals__`,
/// `__subclasses__`, `__builtins__`, `sys.modules[…]`, `globals()[…]`).
fn python(c: &Code) -> bool {
    let mut bound: Bound = Vec::new();
    let mut skip = Vec::new();
    let mut i = 0;
    while i < c.toks.len() {
        let start = i;
        match name_at(c, i) {
            Some("import") if statement_start(c, i) => {
                i += 1;
                loop {
                    // A dotted name, then `as NAME`.
                    let first = name_at(c, i).map(str::to_string);
                    let mut dotted = first.clone().unwrap_or_default();
                    i += 1;
                    while punct_at(c, i, '.') && name_at(c, i + 1).is_some() {
                        dotted.push('.');
                        dotted.push_str(name_at(c, i + 1).unwrap_or_default());
                        i += 2;
                    }
                    let alias = if name_at(c, i) == Some("as") {
                        i += 2;
                        name_at(c, i - 1).map(str::to_string)
                    } else {
                        None
                    };
                    if let (Some(first), Some(m)) = (first, module_of(PYTHON_MODULES, &dotted)) {
                        let full_member = dotted.split_once('.').map(|(_, rest)| rest);
                        match (alias, full_member) {
                            // `import multiprocessing.util as u`: a
                            // submodule under another name.
                            (Some(_), Some(member)) if !explained(c, m, None, member) => {
                                return true;
                            }
                            (Some(a), _) => bound.push((a, m)),
                            (None, _) => bound.push((first, m)),
                        }
                    }
                    if !punct_at(c, i, ',') {
                        break;
                    }
                    i += 1;
                }
                skip.push((start, i));
                continue;
            }
            Some("from") if statement_start(c, i) => {
                let mut dotted = String::new();
                i += 1;
                while let Some(t) = c.toks.get(i) {
                    match t {
                        Tok::Name(n) if n != "import" => dotted.push_str(n),
                        Tok::Punct('.') => dotted.push('.'),
                        _ => break,
                    }
                    i += 1;
                }
                if name_at(c, i) != Some("import") {
                    continue;
                }
                i += 1;
                let module = module_of(PYTHON_MODULES, &dotted);
                let mut depth = 0usize;
                while let Some(t) = c.toks.get(i) {
                    match t {
                        Tok::Punct('(') => depth += 1,
                        Tok::Punct(')') => depth = depth.saturating_sub(1),
                        Tok::Punct(';' | '\n') if depth == 0 => break,
                        Tok::Punct('*') if module.is_some() => return true,
                        Tok::Name(n) if !punct_at(c, i - 1, '.') && n != "as" => {
                            let renamed = name_at(c, i - 1) == Some("as");
                            if let Some(m) = module
                                && !renamed
                            {
                                // `from multiprocessing.util import x`:
                                // the submodule's member is the use.
                                let member = match dotted.split_once('.') {
                                    Some((_, sub)) => sub.split('.').next().unwrap_or(sub),
                                    None => n.as_str(),
                                };
                                if !explained(c, m, None, member) {
                                    return true;
                                }
                            }
                        }
                        _ => {}
                    }
                    i += 1;
                }
                skip.push((start, i));
                continue;
            }
            Some("__import__" | "import_module") if punct_at(c, i + 1, '(') => {
                let (text, close) = literal_arg(c, i + 1);
                // A module named at run time is held by `dynamic_call`.
                if let Some(m) = text.as_deref().and_then(|t| module_of(PYTHON_MODULES, t)) {
                    let member = if punct_at(c, close, '.') {
                        name_at(c, close + 1)
                    } else {
                        None
                    };
                    if member.is_none_or(|member| !explained(c, m, Some(""), member)) {
                        return true;
                    }
                }
            }
            Some("__globals__" | "__subclasses__" | "__builtins__" | "__loader__") => {
                return true;
            }
            Some("modules")
                if i > 1
                    && name_at(c, i - 2) == Some("sys")
                    && (punct_at(c, i + 1, '[') || !punct_at(c, i + 1, '.')) =>
            {
                return true;
            }
            Some("globals" | "locals" | "vars")
                if punct_at(c, i + 1, '(') && punct_at(c, c.group_end(i + 1), '[') =>
            {
                return true;
            }
            _ => {}
        }
        i += 1;
    }
    uses_unexplained(c, &bound, &skip)
}

/// JS: `require(…)`, `import(…)`, `process.getBuiltinModule(…)`, static
/// `import … from '…'`; `process.binding`, `process._linkedBinding`,
/// `process.dlopen`, `Deno.dlopen`, and `process`/`globalThis`/`Deno`/
/// `Bun` indexed by a computed name.
fn js(c: &Code) -> bool {
    let mut bound: Bound = Vec::new();
    let mut skip = Vec::new();
    for (i, t) in c.toks.iter().enumerate() {
        let Tok::Name(n) = t else { continue };
        let member = i > 0 && punct_at(c, i - 1, '.');
        match n.as_str() {
            "require" | "import" | "getBuiltinModule" if punct_at(c, i + 1, '(') => {
                let (text, close) = literal_arg(c, i + 1);
                let Some(text) = text else {
                    // A module named at run time.
                    return true;
                };
                if crate::streams::stream(&text).is_some()
                    || text.starts_with("data:")
                    || text.starts_with("file:")
                {
                    return true;
                }
                let Some(m) = module_of(JS_MODULES, &text) else {
                    continue;
                };
                if punct_at(c, close, '.') {
                    if name_at(c, close + 1).is_none_or(|a| !explained(c, m, Some(""), a)) {
                        return true;
                    }
                    continue;
                }
                // What it is bound to: `x = require(…)`, `{ a, b } =
                // require(…)`, past an `await`.
                let mut k = i;
                if k > 0 && name_at(c, k - 1) == Some("await") {
                    k -= 1;
                }
                if member {
                    // `process.getBuiltinModule`: back over `process.`.
                    k = k.saturating_sub(2);
                }
                if k == 0 || !punct_at(c, k - 1, '=') {
                    return true;
                }
                match c.toks.get(k.wrapping_sub(2)) {
                    Some(Tok::Name(x)) => {
                        bound.push((x.clone(), m));
                        skip.push((k - 2, close));
                    }
                    Some(Tok::Punct('}')) => {
                        let mut open = k - 2;
                        while open > 0 && !punct_at(c, open, '{') {
                            open -= 1;
                        }
                        for j in open + 1..k - 2 {
                            if let Some(key) = name_at(c, j)
                                && !punct_at(c, j - 1, ':')
                                && !explained(c, m, None, key)
                            {
                                return true;
                            }
                        }
                    }
                    _ => return true,
                }
            }
            "import" if statement_start(c, i) => {
                // `import cp from 'child_process'`, `import * as cp …`,
                // `import { execSync, fork as f } from …`.
                let mut end = i + 1;
                while end < c.toks.len() && name_at(c, end) != Some("from") {
                    if punct_at(c, end, ';') || punct_at(c, end, '\n') {
                        break;
                    }
                    end += 1;
                }
                let Some(Tok::Str(text, _, _)) = c.toks.get(end + 1) else {
                    continue;
                };
                if name_at(c, end) != Some("from") {
                    continue;
                }
                let Some(m) = module_of(JS_MODULES, text) else {
                    continue;
                };
                let mut in_braces = false;
                for j in i + 1..end {
                    match &c.toks[j] {
                        Tok::Punct('{') => in_braces = true,
                        Tok::Punct('}') => in_braces = false,
                        Tok::Name(x) if x == "as" => {}
                        Tok::Name(x)
                            if in_braces
                                && name_at(c, j - 1) != Some("as")
                                && !explained(c, m, None, x) =>
                        {
                            return true;
                        }
                        Tok::Name(_) if in_braces => {}
                        Tok::Name(x) => bound.push((x.clone(), m)),
                        _ => {}
                    }
                }
                skip.push((i, end + 2));
            }
            "binding" | "_linkedBinding" | "dlopen" if member => return true,
            "process" | "globalThis" | "global" | "Deno" | "Bun"
                if !member && punct_at(c, i + 1, '[') =>
            {
                return true;
            }
            _ => {}
        }
    }
    uses_unexplained(c, &bound, &skip)
}

/// Ruby: `PTY`, `Fiddle`, `Open3`'s members that are no listed sink,
/// `syscall`, and `open("|cmd")`-style pipes (judged by the search; held
/// here when the path is built at run time).
fn ruby(c: &Code) -> bool {
    for (i, t) in c.toks.iter().enumerate() {
        let Tok::Name(n) = t else { continue };
        let member = i > 0 && punct_at(c, i - 1, '.');
        match n.as_str() {
            "PTY" | "Fiddle" if !member => return true,
            "Open3" if !member => {
                let ok = punct_at(c, i + 1, '.')
                    && name_at(c, i + 2)
                        .is_some_and(|m| sink(c.lang, Some("Open3"), m, c.src).is_some());
                if !ok {
                    return true;
                }
            }
            "syscall" => return true,
            "load" | "require" | "require_relative" if !member && loads_stream(c, i) => {
                return true;
            }
            _ => {}
        }
    }
    false
}

/// Whether the loader called at `at` is given a stream, or a path not
/// spelled out as one literal.
fn loads_stream(c: &Code, at: usize) -> bool {
    let (s, e) = c.call_args(at + 1);
    match c.split_args(s, e).first() {
        Some(&(s, e)) => match &c.toks[s..e] {
            [Tok::Str(t, Quote::Plain, false)]
            | [
                Tok::Punct('('),
                Tok::Str(t, Quote::Plain, false),
                Tok::Punct(')'),
            ] => {
                crate::streams::stream(t).is_some()
                    || t.starts_with("php://")
                    || t.starts_with("data:")
            }
            _ => true,
        },
        // `dofile()` with no file reads its input.
        None => true,
    }
}

/// Perl: `IPC::*` (`open2`, `open3`, `IPC::Run`, …), `FFI::*`,
/// `syscall`, and `do`/`require` of a stream.
fn perl(c: &Code) -> bool {
    for (i, t) in c.toks.iter().enumerate() {
        let Tok::Name(n) = t else { continue };
        if n.starts_with("IPC::") || n.starts_with("FFI::") {
            return true;
        }
        match n.as_str() {
            "open2" | "open3" | "syscall" => return true,
            "do" | "require"
                if matches!(
                    c.toks.get(i + 1),
                    Some(Tok::Str(..)) | Some(Tok::Punct('('))
                ) && loads_stream(c, i) =>
            {
                return true;
            }
            _ => {}
        }
    }
    false
}

/// PHP: `FFI`, `mail`/`mb_send_mail` (they run sendmail with the
/// arguments given), `imap_open` (its mailbox can name a command),
/// `expect_popen`, `dl`; `include`/`require` of a stream or of a path not
/// spelled out.
fn php(c: &Code) -> bool {
    for (i, t) in c.toks.iter().enumerate() {
        let Tok::Name(n) = t else { continue };
        if n.starts_with("FFI") {
            return true;
        }
        match n.as_str() {
            "mail" | "mb_send_mail" | "imap_open" | "expect_popen" | "dl"
                if punct_at(c, i + 1, '(') =>
            {
                return true;
            }
            "include" | "include_once" | "require" | "require_once" if loads_stream(c, i) => {
                return true;
            }
            _ => {}
        }
    }
    false
}

/// Lua: `require` of `ffi` or `posix` (luajit's `ffi.C.system`,
/// luaposix's `exec`/`spawn`), `package.loadlib`, and `dofile`/`loadfile`
/// of a stream (with no file they read the input).
fn lua(c: &Code) -> bool {
    for (i, t) in c.toks.iter().enumerate() {
        let Tok::Name(n) = t else { continue };
        match n.as_str() {
            "require" => {
                let (s, e) = c.call_args(i + 1);
                let module = c
                    .split_args(s, e)
                    .first()
                    .and_then(|&(s, e)| c.fold(s, e, 0))
                    .filter(|f| !f.opaque);
                match module {
                    Some(m) if !matches!(m.text.split('.').next(), Some("ffi" | "posix")) => {}
                    _ => return true,
                }
            }
            "loadlib" if i > 1 && name_at(c, i - 2) == Some("package") => return true,
            "dofile" | "loadfile" if loads_stream(c, i) => return true,
            _ => {}
        }
    }
    false
}

/// R: `processx`, `callr` and `sys` process runners, `dyn.load`.
fn r(c: &Code) -> bool {
    for (i, t) in c.toks.iter().enumerate() {
        let Tok::Name(n) = t else { continue };
        if ["processx::", "callr::", "sys::exec"]
            .iter()
            .any(|p| n.starts_with(p))
        {
            return true;
        }
        if n == "dyn" && punct_at(c, i + 1, '.') && name_at(c, i + 2) == Some("load") {
            return true;
        }
    }
    false
}

/// Ruby's `open("|cmd")` (Kernel's, and `IO.read`/`readlines`/`foreach`/
/// `write`/`binread`/`binwrite`) runs `cmd`: judged as a command when the
/// path is one literal, held when it is built at run time.
pub(super) fn ruby_pipe(
    c: &Code,
    at: usize,
    qual: Option<&str>,
    name: &str,
    depth: usize,
    out: &mut super::InlineCode,
) {
    let opens = match name {
        "open" => matches!(qual, None | Some("Kernel" | "URI")),
        "read" | "readlines" | "foreach" | "write" | "binread" | "binwrite" => qual == Some("IO"),
        _ => false,
    };
    if !opens {
        return;
    }
    let (s, e) = c.call_args(at + 1);
    let first = c
        .split_args(s, e)
        .first()
        .and_then(|&(s, e)| c.fold(s, e, depth));
    match first {
        Some(f) if !f.opaque => {
            if let Some(cmd) = f.text.strip_prefix('|') {
                super::push(
                    out,
                    super::Folded {
                        text: cmd.trim().to_string(),
                        ..f
                    },
                );
            }
        }
        _ => out.facts.unresolved = true,
    }
}
