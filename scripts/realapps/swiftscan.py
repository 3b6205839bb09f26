"""A small, independent Swift scanner used only by the real-app harness.

It shares no code with observation-migrate on purpose: the harness must be able to
disagree with the tool.  It blanks comments and string literals (keeping offsets and
newlines), matches braces, finds class/extension declarations with their attribute
prefixes and bodies, and the stored-property declarations directly inside a body.
Heuristic by design: every hit it produces is meant to be read by a person.
"""
import re

IDENT = r"[^\W\d]\w*"


def blank(src: str) -> str:
    """Replace comments and string-literal contents by spaces (newlines kept)."""
    out = list(src)
    i, n = 0, len(src)

    def wipe(a, b):
        for k in range(a, min(b, n)):
            if out[k] != "\n":
                out[k] = " "

    while i < n:
        c = src[i]
        if src.startswith("//", i):
            j = src.find("\n", i)
            j = n if j < 0 else j
            wipe(i, j)
            i = j
        elif src.startswith("/*", i):
            depth, j = 1, i + 2
            while j < n and depth:
                if src.startswith("/*", j):
                    depth += 1
                    j += 2
                elif src.startswith("*/", j):
                    depth -= 1
                    j += 2
                else:
                    j += 1
            wipe(i, j)
            i = j
        elif c == '"' or (c == "#" and re.match(r'#+"', src[i:i + 8])):
            hashes = 0
            j = i
            while j < n and src[j] == "#":
                hashes += 1
                j += 1
            if src.startswith('"""', j):
                close = '"""' + "#" * hashes
                k = src.find(close, j + 3)
                k = n if k < 0 else k + len(close)
                wipe(j + 3, k - len(close))
                i = k
                continue
            # single-line string; honour escapes and interpolation depth roughly
            k = j + 1
            close = '"' + "#" * hashes
            while k < n:
                if src[k] == "\\" and hashes == 0:
                    if k + 1 < n and src[k + 1] == "(":
                        # skip interpolation with paren matching
                        d, m = 1, k + 2
                        while m < n and d:
                            if src[m] == "(":
                                d += 1
                            elif src[m] == ")":
                                d -= 1
                            elif src[m] == "\n":
                                break
                            m += 1
                        k = m
                        continue
                    k += 2
                    continue
                if src.startswith(close, k):
                    k += len(close)
                    break
                if src[k] == "\n":
                    break
                k += 1
            wipe(j + 1, k - 1)
            i = k
        else:
            i += 1
    return "".join(out)


def match_brace(text: str, open_pos: int) -> int:
    depth = 0
    for k in range(open_pos, len(text)):
        ch = text[k]
        if ch == "{":
            depth += 1
        elif ch == "}":
            depth -= 1
            if depth == 0:
                return k
    return len(text) - 1


def line_of(text: str, pos: int) -> int:
    return text.count("\n", 0, pos) + 1


DECL_RE = re.compile(r"\b(class|extension|struct|actor|enum|protocol)\s+(" + IDENT + r"(?:\." + IDENT + r")*)")


def declarations(b: str):
    """Yield dicts for class/extension/struct/... declarations in blanked text b."""
    for m in DECL_RE.finditer(b):
        kind, name = m.group(1), m.group(2)
        # `class func`, `class var` are members, not declarations
        if kind == "class" and name in ("func", "var", "let", "subscript", "override", "final", "private", "public", "internal", "fileprivate", "open", "static"):
            continue
        # find the opening brace of the body
        k = m.end()
        depth_angle = 0
        while k < len(b):
            ch = b[k]
            if ch == "<":
                depth_angle += 1
            elif ch == ">":
                depth_angle -= 1
            elif ch == "{" :
                break
            elif ch == "=" and (b[k + 1:k + 2] == "=" or b[k - 1:k] == "="):
                pass  # `==` in a where clause
            elif ch in ";=" and depth_angle <= 0:
                k = -1
                break
            elif ch == "}" :
                k = -1
                break
            k += 1
        if k < 0 or k >= len(b):
            continue
        header = b[m.end():k]
        # attributes / modifiers before the keyword
        s = m.start() - 1
        while s >= 0 and b[s] not in "{};":
            s -= 1
        prefix = b[s + 1:m.start()]
        close = match_brace(b, k)
        yield {
            "kind": kind, "name": name, "header": header, "prefix": prefix,
            "start": m.start(), "open": k, "close": close,
        }


def top_level_text(b: str, open_pos: int, close_pos: int) -> str:
    """The body between braces with nested brace contents blanked (depth-1 view).
    Offsets are relative to open_pos+1."""
    body = list(b[open_pos + 1:close_pos])
    depth = 0
    for i, ch in enumerate(body):
        if ch == "{":
            depth += 1
            if depth > 1:
                body[i] = " "
            continue
        if ch == "}":
            depth -= 1
            if depth >= 1:
                body[i] = " "
            continue
        if depth >= 1 and ch != "\n":
            body[i] = " "
    return "".join(body)


ATTR_ONLY_LINE = re.compile(r"^\s*(@" + IDENT + r"(\([^)]*\))?\s*)+$")
VAR_RE = re.compile(r"\b(var|let)\s+(" + IDENT + r")")


def properties(b: str, decl):
    """Stored/computed property declarations directly in a type body.
    Returns dicts: name, keyword, attrs (list), modifiers (str), line (1-based in file),
    is_computed (bool: a brace block that is not only didSet/willSet)."""
    top = top_level_text(b, decl["open"], decl["close"])
    base = decl["open"] + 1
    out = []
    for m in VAR_RE.finditer(top):
        pos = m.start()
        # prefix on the same line
        ls = top.rfind("\n", 0, pos) + 1
        same = top[ls:pos]
        # must be a declaration start: prefix only attributes and modifiers
        if re.search(r"[=(,:\[]\s*$", same) or re.search(r"\b(if|guard|while|for|case|return)\b", same):
            continue
        prefix_lines = [same]
        j = ls - 1
        while j > 0:
            pls = top.rfind("\n", 0, j) + 1
            line = top[pls:j]
            if ATTR_ONLY_LINE.match(line):
                prefix_lines.insert(0, line)
                j = pls - 1
                continue
            break
        prefix = " ".join(prefix_lines)
        attrs = re.findall(r"@(" + IDENT + r")", prefix)
        mods = re.sub(r"@" + IDENT + r"(\([^)]*\))?", " ", prefix)
        # computed?  look at what follows the name up to end of line in the real text
        after_abs = base + m.end()
        eol = b.find("\n", after_abs)
        rest = b[after_abs: eol if eol >= 0 else len(b)]
        is_computed = False
        if "{" in rest and "=" not in rest.split("{")[0]:
            # look inside the block for didSet/willSet
            op = b.find("{", after_abs)
            cl = match_brace(b, op)
            inner = b[op + 1:cl].strip()
            if not re.match(r"(didSet|willSet)\b", inner):
                is_computed = True
        out.append({
            "name": m.group(2), "keyword": m.group(1), "attrs": attrs,
            "modifiers": mods, "line": line_of(b, base + pos), "is_computed": is_computed,
        })
    return out
