#!/usr/bin/env python3
"""Writes small Swift files, one lexical corner case each, for compare_boundaries.py.

The corpus is mostly ordinary code; these are the places where a lexer most easily parts ways
with the compiler: number recoveries, raw and multi-line strings, interpolations holding strings,
comments and regex literals, the regex-or-division heuristics, operators, pound keywords, stray
and invalid bytes, conflict markers, a byte-order mark before `#!`.

Usage: Benchmarks/corner_cases.py OUTPUT_DIR
       python3 Benchmarks/compare_boundaries.py OUTPUT_DIR
"""

import os
import sys

LINES = r'''
let a = 0x1.8p3
let a = 0xff.description
let a = 0xff.fp
let a = 0x1.
let a = 0x1.5
let a = 0x1.5 + 2
let a = 0xZZ
let a = 0x
let a = 0o17 + 0o9 + 0o_1 + 0b102 + 0b
let a = 1e + 1e+x + 1e5x + 1.5abc + 1.5e3abc + 1_000.000_1 + 1..<2 + 1...3
let a = t.0.1 + t. 0.1 + x.1e3
let a = 1.e5
let a = 12abc
let s = #"""#
let s = #"""a"#
let s = #"""
  x "# y
  """#
let s = #"a"## + 1
let s = #"\##(x)"#
let s = #"\###(x)"#
let s = #"\##"#
let s = "\u{1F600}\u{zz}\q\\\""
let s = 'abc' + '\'' + 'a"b'
let s = #'abc'#
let s = "a\(b + "c\(d + "e")")"
let s = "\(x.map { "\($0)" }.joined(separator: ")"))"
let s = "\(/a)b/)"
let s = "\( // comment )
let s = "\( /* c ) */ x)"
let s = """
  \(x
    + y)
  """
let s = "\(x
let s = "abc
let s = """abc"""
let s = """
   a\
   b
   """
let r = /a b/
let r = /a\/b/
let r = x /a/ y
let r = try? /a b/.wholeMatch(in: s)
let r = try! /a/.firstMatch(in: s)
let r = (/a)/)
let r = [/a/, /b/]
let r = #/a/b/#
let r = ##/a/#b/##
let r = #/
  a
  /#
let r = #/unterminated
let r = foo(/, /)
let r = x.reduce(0, /)
let r = a / b / c
let r = a /b/ c
prefix operator /^/
postfix func /(lhs: Int) {}
let r = /
let r = /* c */ /x/
let r = x*/y/
let r = /a/*c*/
try! / x /
let a = !/x/.count
let b = </t></
f(-/a b/)
x! / y /
f(/ a/)
let o = a+-b ; a!.b ; a?.b ; a??b ; a ?? b ; a?+b ; !a ; a! ; x->y ; a...b ; ...a ; a... ; ..<b
let o = a.+.b + a.+b + a+.b + a+/*c*/b + a+//c
let o = a */ b + a+*/b
let o = &a + & a + a&b
let o = a <#placeholder#> b + <#x#> + a<#b#>
let o = x<<#y#>
let o = Array<Array<Int>>() + x>>=2
let u = café + naïve + π + 💩 + ∂x + x∂ + a∙b + ①
let u = x\u{0301}
let u = “hello” + ‘x’ + ”
let u = a​b
let u = `class` + `a b` + `` + ` + `$`
let u = $0 + $1a + $abc + $ + $_
let u = #selector(foo) + #Preview + #available(iOS 13, *) + #unavailable(iOS 9) + #_hasSymbol(x) + #file + #if2 + #sourceLocation(file: "a", line: 1)
@available(iOS 13.0.1, *) func f() {}
@available(*, deprecated, message: "x") func f() {}
if #available(macOS 10.15, iOS 13, *) {}
#if swift(>=5.9) && compiler(<6.0)
#elseif os(Linux)
#else
#endif
let x: [Int]? = nil; let y: Int!; let z = a as! B; let w = a as? B; let v = try? f(); let q = try! g()
let k = a?[0]!.b?(c)
let e = a==b, f = a == b, g = a= b, h = a =b
let t = (1, 2).0
'''.strip("\n").split("\n")

BYTES = {
    "bom.swift": b"\xef\xbb\xbfimport X\n",
    "bom-shebang.swift": b"\xef\xbb\xbf#!/usr/bin/swift\nlet x = 1\n",
    "shebang.swift": b"#!/usr/bin/swift\nlet x = 1\n",
    "nul.swift": b"let x\x00 = 1\x00\n\x00",
    "control.swift": b"let x\x01\x02 = \x7f1\x1b\n",
    "no-break-space.swift": b"let\xc2\xa0x = 1\xc2\xa0+\xc2\xa02\n",
    "invalid-utf8.swift": b'let x = \xff\xfe 1 + \xc3 + \xe2\x82 + \xed\xa0\x80 + \xf0\x80\x80\x80 + "\xff" + a\xffb\n',
    "conflict.swift": b"let a = 1\n<<<<<<< HEAD\nlet b = 2\n=======\nlet b = 3\n>>>>>>> branch\nlet c = 4\n",
    "conflict-perforce.swift": b">>>> ORIGINAL\nx\n==== THEIRS\ny\n==== YOURS\nz\n<<<<\nlet c = 4\n",
    "carriage-returns.swift": b'let a = "x\rlet b = 1\r\n"\\(a\r)"\r',
    "bom-in-middle.swift": b"let a = 1 \xef\xbb\xbf+ 2\n",
    "control-in-string.swift": b'let s = "a\tb\x01c"\nlet t = """\n\ta\x01\n"""\n',
    "curly-quotes.swift": "“a\\qb” + “a\\nb” + “x”\n“a\\(b)” + “tab\tx”\n".encode(),
    "empty.swift": b"",
    "unterminated-comment.swift": b"/* unterminated /* nested */ ",
    "comment-at-end.swift": b"x = 1 // c",
    "slashes.swift": b"a = b /c\nd = e/ f\ng = /h/\n",
}


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    output = sys.argv[1]
    os.makedirs(output, exist_ok=True)
    for index, line in enumerate(LINES):
        with open(os.path.join(output, "line%03d.swift" % index), "w", encoding="utf-8") as handle:
            handle.write(line + "\n")
    with open(os.path.join(output, "all-lines.swift"), "w", encoding="utf-8") as handle:
        handle.write("\n".join(LINES) + "\n")
    for name, data in BYTES.items():
        with open(os.path.join(output, name), "wb") as handle:
            handle.write(data)


if __name__ == "__main__":
    main()
