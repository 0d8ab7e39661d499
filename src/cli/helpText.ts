/** The text of `loupe --help`. */
export const helpText = `loupe — inspect an MCP server: every page, every field, exactly as sent.

Usage: loupe <command> [options] <target>

Commands
  list [--kind tools|resources|templates|prompts|skills]  table of every item, all pages (--json: items as sent)
  list --costs                                     also what the tool definitions cost a model's context (tokens)
  call <tool> [--args '<json>']                    call a tool; stdout: its structuredContent as JSON, else its
                                                   text (other blocks, validation on stderr); exit 1 on isError
  read <uri>                                       resources/read: each content's text on stdout (--json: the result)
  prompt <name> [--args '{"k":"v"}']               prompts/get (string arguments): each message's text
  lint                                             findings per tool and the server summary; exit 1 on errors
  lint --hosts openai,anthropic,…|all              also each tool against host profiles (openai, openai-strict,
                                                   anthropic, gemini, claude-code, gemini-cli, vscode, cursor;
                                                   gemini-parameters by name): accepted, changed, limited or
                                                   refused (an error), with rule, path, workaround and source;
                                                   and the tokens the definitions cost, heaviest first
  snapshot --out <file|folder>                     write a loupe.snapshot/1 file (also when connecting fails);
                                                   a folder gets loupe-<server>-<UTC time>.json; --calls <file>: a JSON
                                                   array of {"method","params"} requests made and recorded after the lists
  replay <file> [--http [--port <n>]]              serve a snapshot's recorded session back as an MCP server (stdio, or
                                                   HTTP on 127.0.0.1); --on-miss error|nearest, --pace recorded
  watch                                            stay connected and print each list_changed diff
  web [--port <n>]                                 open the inspector in a browser (prints its URL first)
  diff <old.json> <new.json | target>              what changed; exit 1 at --fail-on breaking|drift|any, 2 when not comparable
  board <snapshot files or folders> [--html]       Markdown board of many snapshots (--html: one self-contained page);
                                                   an unreadable file is a row with its error, and exit 1
  skills get <name> [--verify] [--out <dir>]       one skill (SEP-2640): its entry; --verify reads and checks every
                                                   file (exit 4 digest, 5 size, 6 frontmatter); --out saves a
                                                   verified one. list --kind skills lists them (no file read)
  auth logout --url <url>                          forget the saved sign-in for that server
  tap [--fault <rule>]… -- <command> [args…]       put in a host's config in place of the server's command: bytes
                                                   pass unchanged, every frame to a journal (--journal <file>);
                                                   a frame over --max-frame-bytes still passes and is journalled
                                                   as a marker (size, SHA-256, first 4 KiB)
  tap --url <upstream> [--port <n>]                a loopback proxy for an HTTP server (prints its URL first)
  tap --config <file> --server <name> --print|--write [--yes]
                                                   the config entry that runs that server through the tap
                                                   (--fault '[out|in][,method=M][,tool=T][,nth=N]:<action>'; actions
                                                   delay=<ms> drop error[=<code>] truncate[=<n>] corrupt close
                                                   duplicate status=<code> drop-stream[=<events>]; see the README)
  scan [<target> | config files…]                  security findings (tool poisoning, hidden text, shadowing,
                                                   rug pulls) per server; no target: every server of the config
                                                   files given (--config or paths) or of the known locations.
                                                   A config's stdio server starts only after your yes (--yes: all).
                                                   --pin <file> pins on first use, then fails on change (--accept
                                                   takes it); --sarif <file> writes SARIF 2.1.0. Exit 0 nothing
                                                   above info, 1 not scanned, 4 warnings, 5 errors, 6 pin drift
  test <collection.json> [--grep <re>] [--bail] [--concurrency <n>] [--reporter text|junit|tap|json] [--out <file>]
                                                   run a collection's steps and assertions (its target, or the one
                                                   given); exit 0 all passed, 1 an assertion failed, 2 could not run
  conform [--scenario <name>]… [--all] [--spec-version 2025-11-25|2026-07-28] [--reporter text|json|junit] [--yes]
                                                   the official conformance suite's server scenarios (default: the
                                                   requirement set of the server's revision) through Loupe's recorder,
                                                   each check with the frames it judged; a stdio server through a
                                                   loopback HTTP bridge. --yes installs the suite (Node >= 22) if
                                                   missing; exit 0 all required passed, 1 a failure, 2 could not run
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
  --extensions <list> extensions Loupe declares: tasks,ui,skills (default all), or none; --no-extensions = none

Sign-in (HTTP servers that answer 401: OAuth 2.1 as MCP specifies it)
  --auth auto|none              auto (default): sign in on a 401, printing the URL to open; none: never
  --auth-non-interactive        follow the authorization redirect without a browser (CI, tests)
  --client-id <id>              a pre-registered client (else Dynamic Client Registration)
  --client-secret <secret>      its secret (sent as the server advertises: Basic or in the body)
  --client-secret-file <path>   the secret from a file (one line), so it is never on the command line
  --client-metadata-url <url>   your Client ID Metadata Document, used where the server supports it
  --scope '<scopes>'            scopes to ask for on top of those the server names (repeatable)
  --token <bearer>              use this access token as it is (no sign-in, no refresh)
  --auth-store <dir>            where tokens are kept (default: the app data dir's auth/; 0600, sealed)
  --grant <grant>               auto (default), code, client-credentials, jwt-bearer, enterprise; auto picks
                                enterprise with an ID token, jwt-bearer with an assertion, client-credentials
                                where the server offers no authorization code grant, else code
  --client-auth <method>        basic, post, private-key-jwt or none (default: a key → private-key-jwt,
                                a secret → as the server advertises)
  --private-key-file <file>     private_key_jwt: the client's key, PEM or JWK (--private-key-jwk '<json>')
  --signing-alg <alg>           the key's algorithm (default: from the key: ES256 for P-256, RS256 for RSA)
  --assertion-file <file>       workload identity (RFC 7523): the external JWT, read at each sign-in
  --assertion-command '<cmd>'   … or a command that prints it
  --id-token-file <file>        enterprise (SEP-990): your ID token from the IdP (--id-token-command '<cmd>')
  --idp-issuer <url>            the IdP (its token endpoint from its metadata; or --idp-token-endpoint <url>)
  --idp-client-id <id>          Loupe's client at the IdP (--idp-client-secret <secret>)
  --dpop auto|on|off            DPoP-bound tokens (RFC 9449): auto (default) where the server offers them

Exit codes: 0 ok, 1 failure (one line on stderr names the cause), 2 usage error, 3 a task not cancelled.
Without --input the CLI offers the server no sampling, elicitation or roots: it only inspects (list says so on
stderr: a server may list more tools to a client that declares them; call on a terminal asks you instead: --input ask).

Examples
  loupe list --demo
  loupe list --url http://127.0.0.1:3001/mcp --header 'Authorization: Bearer …'
  loupe call echo --args '{"message":"hi"}' -- node server.js
  loupe snapshot --out server.snapshot.json -- npx -y @modelcontextprotocol/server-everything
  loupe diff --fail-on drift pinned.json -- node server.js
  loupe test api.collection.json --reporter junit --out loupe-junit.xml -- node server.js
  loupe list --config ~/.cursor/mcp.json --server docs
  loupe scan --pin pins.json --sarif loupe.sarif ~/.cursor/mcp.json
`;
