/** The text of `loupe --help`. */
export const helpText = `loupe — inspect an MCP server: every page, every field, exactly as sent.

Usage: loupe <command> [options] <target>

Commands
  list [--kind tools|resources|templates|prompts|skills]  table of every item, all pages (--json: items as sent)
  call <tool> [--args '<json>']                    call a tool; stdout: its structuredContent as JSON, else its
                                                   text (other blocks, validation on stderr); exit 1 on isError
  lint                                             findings per tool and the server summary; exit 1 on errors
  snapshot --out <file|folder>                     write a loupe.snapshot/1 file (also when connecting fails);
                                                   a folder gets loupe-<server>-<UTC time>.json
  watch                                            stay connected and print each list_changed diff
  web [--port <n>]                                 open the inspector in a browser (prints its URL first)
  diff <old.json> <new.json | target>              what changed; exit 1 at --fail-on breaking|drift|any, 2 when not comparable
  board <snapshot files or folders> [--html]       Markdown board of many snapshots (--html: one self-contained page);
                                                   an unreadable file is a row with its error, and exit 1
  skills get <name> [--verify] [--out <dir>]       one skill (SEP-2640): its entry; --verify reads and checks every
                                                   file (exit 4 digest, 5 size, 6 frontmatter); --out saves a
                                                   verified one. list --kind skills lists them (no file read)
  auth logout --url <url>                          forget the saved sign-in for that server
  help, --help                                     this text;   --version   Loupe's version

Targets (one of)
  -- <command> [args…]        a stdio server (everything after -- is the command line)
  --url <url>                 Streamable HTTP, falling back to legacy SSE; --transport http|sse to choose
  --header 'Name: value'      an HTTP header (repeatable; secret-looking values are never written to disk)
  --env NAME=value            an environment variable for a stdio server (repeatable)
  --cwd <dir>                 the stdio server's working directory
  --demo                      the embedded demo server (163 tools over 5 pages)
  --config <file> --server <name>
                              a server of a client config: claude_desktop_config.json, .mcp.json, mcp.json
                              (Cursor, VS Code); loupe list --config <file> lists the servers in it
  --config-input id=value     a VS Code input (\${input:id}) of that server (repeatable); or LOUPE_INPUT_<ID>
                              (db-dsn: LOUPE_INPUT_DB_DSN); else asked on a terminal (hidden for passwords),
                              else its default; with none of these the command stops and names the input

Options
  --timeout <ms>      per-request timeout, reset by progress (default 10000); also each exchange with an
                      authorization server. Time spent waiting on you (a sign-in, a question) never counts
  --page-limit <n>    stop a listing after n pages with a page-limit error (default 64)
  --max-frame-bytes <n>     refuse one message larger than n bytes, named frame-too-large (default 64 MiB)
  --max-response-bytes <n>  refuse one HTTP response larger than n bytes (default 256 MiB)
  --json              machine-readable output on stdout, failures included: {"error": {kind, message, doctor}}
  --journal <file>    append every frame to a JSON Lines file as it arrives
  --debug             the doctor's evidence on failure (a stack trace only for an internal error); call
                      progress also when stderr is not a terminal; sign-in steps
  --protocol <era>    auto (default: server/discover, falling back to initialize), modern (2026-07-28 only)
                      or legacy (2025-11-25 initialize only)
  --input <how>       answer the server's input requests: ask (you answer at the terminal: each form field
                      asked in turn, Enter keeps a default, Ctrl+C cancels the form; the default of call on
                      a terminal), decline, cancel, defaults (accept elicitations with the schema's defaults)
                      or an answers file {"elicitation","sampling","roots"}; each answer is printed on stderr.
                      Request timers stand still while you answer; a cancelled call closes its questions
  --root <uri>        a root answered to roots/list with --input (repeatable)
  --task              call: run a tool whose execution.taskSupport is optional as a task (required: always);
                      task status on stderr, the result on stdout; Ctrl-C cancels the task (tasks/cancel;
                      exit 3 when the server refused or failed it: the task may still run)
  --extensions <list> extensions Loupe declares: tasks,ui (default both), or none; --no-extensions = none

Sign-in (HTTP servers that answer 401: OAuth 2.1 as MCP specifies it)
  --auth auto|none              auto (default): sign in on a 401, printing the URL to open; none: never
  --auth-non-interactive        follow the authorization redirect without a browser (CI, tests)
  --client-id <id>              a pre-registered client (else Dynamic Client Registration)
  --client-secret <secret>      its secret (sent as the server advertises: Basic or in the body)
  --client-metadata-url <url>   your Client ID Metadata Document, used where the server supports it
  --scope '<scopes>'            scopes to ask for on top of those the server names (repeatable)
  --token <bearer>              use this access token as it is (no sign-in, no refresh)
  --auth-store <dir>            where tokens are kept (default: the app data dir's auth/; 0600, sealed)

Exit codes: 0 ok, 1 failure (one line on stderr names the cause), 2 usage error, 3 a task not cancelled.
Without --input the CLI offers the server no sampling, elicitation or roots: it only inspects (list says so on
stderr: a server may list more tools to a client that declares them; call on a terminal asks you instead: --input ask).

Examples
  loupe list --demo
  loupe list --url http://127.0.0.1:3001/mcp --header 'Authorization: Bearer …'
  loupe call echo --args '{"message":"hi"}' -- node server.js
  loupe snapshot --out server.snapshot.json -- npx -y @modelcontextprotocol/server-everything
  loupe diff --fail-on drift pinned.json -- node server.js
  loupe list --config ~/.cursor/mcp.json --server docs
`;
