// The terminal escapes hostile.mjs puts in its names, descriptions, errors and stderr; imported by the tests too.

/** Every sequence a terminal obeys that the CLI must show inert. */
export const hostileText =
  'osc52 \x1b]52;c;cHduZWQ=\x07 ' + // clipboard write
  'osc0 \x1b]0;pwned title\x07 ' + // window title
  'csi \x1b[2J ' + // clear screen
  'osc8 \x1b]8;;https://evil.example/\x1b\\link\x1b]8;;\x1b\\ ' + // hyperlink
  'c1 \u009b31m ' + // C1 control sequence introducer
  'bidi \u202eevil\u202c \u2066iso\u2069 end';
