/** Help for the commands that keep, compare and serve records: snapshot, diff, board, replay, trace, tap, auth. */
import type { CommandHelp } from './helpTypes.js';

export const recordCommands: readonly CommandHelp[] = [
  {
    name: 'snapshot',
    summary: 'write a dated loupe.snapshot/1 file: handshake, every item as sent, every frame',
    usage: ['loupe snapshot --out <file|folder> [--calls <file>] [--json] <target>'],
    about: [
      'Writes what the server said, to settle any later dispute: when it was taken (UTC), the target (secret-looking header and environment values replaced by "[redacted]"), the handshake, every item exactly as sent, the pages, the lint findings and summary, and every frame with its raw text, under a SHA-256 digest of the frames. The file is readable by you alone.',
      'A failed connection still writes one (connected: false, the error and the frames so far; exit 1), but never over a good record: a file at --out that holds a connected snapshot, or is not a snapshot, is left byte for byte and the failure is written beside it as <name>.failed-<UTC date-time>.json.',
    ],
    options: [
      {
        flag: '--out <file|folder>',
        text: 'where to write (required); a folder gets loupe-<server>-<UTC date-time>.json, and a name already taken there gets -2',
      },
      {
        flag: '--calls <file>',
        text: 'a JSON array of {"method", "params"} requests to make and record after the listings (tools/call, resources/read, prompts/get, …), so a replay answers them too',
      },
      { flag: '--json', text: '{"out", "connected", "toolCount", …, "error"?, "kept"?}' },
    ],
    groups: ['target', 'connection', 'input', 'signIn', 'traces'],
    examples: [
      "loupe snapshot --out today.json --url https://example.test/mcp --header 'Authorization: Bearer …'",
      'loupe snapshot --out snapshots/ --demo',
      'loupe snapshot --out everything.json --calls calls.json -- npx -y @modelcontextprotocol/server-everything',
    ],
    guides: ['docs/snapshots.md', 'docs/replay.md'],
  },
  {
    name: 'diff',
    summary: 'what changed between two snapshots, or a snapshot and the server now',
    usage: [
      'loupe diff [--fail-on breaking|drift|any] [--json] <old.json> <new.json>',
      'loupe diff [--fail-on breaking|drift|any] [--json] <old.json> <target>',
    ],
    about: [
      'Lists per list kind the items added, removed and changed, each changed field as a path with before → after (descriptions as a word diff), and classifies each change: breaking (a removed item, a new required argument, a narrowed input type, enum or bound, an output field no longer promised, a host that now refuses a tool), drift (description, title, annotations, icons, _meta, instructions: the rug-pull signal) or compatible (additions). Skills are compared by URI; conformance runs kept in the snapshots check by check (fixed, newly failing).',
      "A target after the file takes a snapshot of the server now as the new side. Each file's frame digest is checked; a snapshot from before the digest existed is compared with a note.",
    ],
    options: [
      {
        flag: '--fail-on <level>',
        text: 'what makes the exit code 1: breaking, drift (drift or breaking) or any change',
        default: 'breaking',
      },
      {
        flag: '--json',
        text: 'the changes, their classes and framesVerified (also on errors: {"error": …})',
      },
    ],
    groups: ['target', 'connection', 'signIn', 'traces'],
    exit: "diff(1)'s: 0 nothing at the --fail-on level, 1 something is, 2 the sides could not be compared (an unreadable file, a failed connection, a changed list one side did not read to its end) or a usage error",
    examples: [
      'loupe diff pinned.json today.json',
      'loupe diff --fail-on drift pinned.json -- node server.js',
    ],
    guides: ['docs/snapshots.md'],
  },
  {
    name: 'board',
    summary: 'the field-presence board of many snapshots (Markdown, or --html)',
    usage: ['loupe board [--html] [--json] <snapshot files or folders…>'],
    about: [
      'Prints one dated row per snapshot (a failed connection is a row with its error) and, across the tools of the connected servers, field presence, naming conventions, name lengths, pagination, lint counts, a portability column and a Skills section; blank strings count as absent. A folder gives its *.json files in name order. A file that is not a readable snapshot is a row of its own carrying its error and is named on stderr: the board is still printed.',
    ],
    options: [
      { flag: '--html', text: 'one self-contained HTML page instead of Markdown' },
      { flag: '--json', text: "the board's rows and totals" },
    ],
    groups: [],
    exit: '0 every file was read, 1 a file could not be read, 2 usage',
    examples: ['loupe board snapshots/ > board.md', 'loupe board --html a.json b.json > board.html'],
    guides: ['docs/snapshots.md'],
  },
  {
    name: 'replay',
    summary: "serve a snapshot's recorded session back as an MCP server",
    usage: [
      'loupe replay <snapshot.json> [--on-miss error|nearest] [--pace recorded|instant]',
      'loupe replay <snapshot.json> --http [--port <n>] [--json]',
    ],
    about: [
      "Serves the recording as an MCP server that needs no credentials: the handshake as recorded, every answer byte for byte with only the client's id spliced in, lists page by page with the recorded cursors, calls matched on method, name and arguments, and what the server sent meanwhile (notifications, server requests). A request with no recorded answer gets a JSON-RPC error naming the nearest recorded one. Over stdio it is the command to put in a host's config; with --http, Streamable HTTP on 127.0.0.1 (legacy SSE at /sse for an SSE recording), answering only its own address.",
      'A recording that cannot be served ends in one snapshot-invalid or snapshot-digest-mismatch line before anything is served; the status line on stderr says whether the frames were verified against their digest.',
    ],
    options: [
      { flag: '--http', text: 'serve Streamable HTTP on 127.0.0.1 instead of stdio' },
      { flag: '--port <n>', text: 'the port on 127.0.0.1 for --http', default: '0, any free port' },
      {
        flag: '--on-miss error|nearest',
        text: 'a request with no recorded answer: a JSON-RPC error naming the nearest recorded request, or that nearest answer',
        default: 'error',
      },
      {
        flag: '--pace recorded|instant',
        text: 'keep the recorded delays, or answer at once',
        default: 'instant',
      },
      {
        flag: '--json',
        text: 'with --http, one line {"event": "listening", "url", "streamableUrl", "sseUrl"?}',
      },
    ],
    groups: [],
    examples: ['loupe replay everything.json', 'loupe replay everything.json --http --port 8808'],
    guides: ['docs/replay.md'],
  },
  {
    name: 'trace',
    summary: "export a recorded session's spans over OTLP/HTTP",
    usage: [
      'loupe trace <snapshot.json|journal.jsonl> [--otlp-endpoint <url>] [--otlp-protocol http/protobuf|http/json] [--json]',
    ],
    about: [
      "Reads the spans of a snapshot or a tap's journal from its frames alone (the trace ids its requests carried) and sends them over OTLP/HTTP, so a CI run can ship the trace of the very session it recorded. Where they go is --otlp-endpoint or the OTEL_EXPORTER_OTLP_* variables; without an endpoint nothing is sent and the command says how to name one. Headers (API keys) are never printed; redirects are not followed.",
    ],
    options: [
      { flag: '--otlp-endpoint <url>', text: 'where spans go (else the OTEL_EXPORTER_OTLP_* variables)' },
      {
        flag: '--otlp-protocol http/protobuf|http/json',
        text: 'the OTLP encoding',
        default: 'http/protobuf',
      },
      { flag: '--json', text: 'one line {"event": "exported", …} instead of words' },
    ],
    groups: [],
    examples: [
      'loupe trace session.json --otlp-endpoint http://127.0.0.1:4318/v1/traces',
      'OTEL_EXPORTER_OTLP_ENDPOINT=http://127.0.0.1:4318 loupe trace tap.jsonl --json',
    ],
    guides: ['docs/traces.md'],
  },
  {
    name: 'tap',
    summary: 'stand between a host and a server and record every frame both ways',
    usage: [
      'loupe tap [--journal <file>] [--fault <rule>]… [--max-frame-bytes <n>] -- <command> [args…]',
      'loupe tap --url <upstream> [--port <n>] [--journal <file>] [--fault <rule>]…',
      'loupe tap --config <file> --server <name> [--print | --write [--yes]]',
    ],
    about: [
      "Put in a host's config (Claude Desktop, VS Code, Cursor) in place of the server's command: every frame both ways is recorded byte for byte to a journal (JSON Lines, readable by you alone). Without --fault it never adds, drops or reorders a byte; the server's stderr passes through and is recorded, its exit code and signals are passed on. Its stdout is the host's: the tap writes one line of its own, to stderr. A running Loupe app or `loupe web` shows the tap as a live session.",
      "--url makes a loopback reverse proxy for an HTTP server and prints its URL; it answers only its own address (a foreign Host or another site's Origin gets a 403). --config shows, or with --write writes, the config entry that routes that server through the tap, keeping a backup.",
    ],
    options: [
      {
        flag: '--journal <file>',
        text: 'where to record',
        default: "<Loupe's data folder>/taps/<time>-<pid>.jsonl",
      },
      {
        flag: "--fault '<selectors>:<action>'",
        text: 'misbehave on purpose (repeatable; the first matching rule fires). Selectors: out or in, method=<name>, tool=<name>, nth=<N>. Actions: delay=<ms>, drop, error[=<code>], truncate[=<bytes>], corrupt, close, duplicate; over HTTP also status=<code> and drop-stream[=<events>]',
      },
      {
        flag: '--max-frame-bytes <n>',
        text: 'a larger frame still passes whole and unchanged; the journal holds a marker (its size, SHA-256 and first 4 KiB)',
        default: '64 MiB',
      },
      { flag: '--env NAME=value', text: 'an environment variable for the stdio server (repeatable)' },
      { flag: '--cwd <dir>', text: "the stdio server's working directory" },
      {
        flag: '--url <upstream>',
        text: 'tap an HTTP server (Streamable HTTP or legacy SSE) through a loopback proxy',
      },
      { flag: '--port <n>', text: "the proxy's port on 127.0.0.1", default: '0, any free port' },
      { flag: '--config <file>', text: 'a client config file holding the server to route through the tap' },
      { flag: '--server <name>', text: 'that server' },
      { flag: '--print', text: 'show the changed entry as a diff (the default with --config)' },
      {
        flag: '--write',
        text: 'write it, after asking at the terminal; the file keeps its mode, owner and symbolic link, with a private backup beside it',
      },
      { flag: '--yes', text: 'with --write and no terminal (a script, CI): write without asking' },
    ],
    groups: [],
    examples: [
      'loupe tap -- node server.js',
      "loupe tap --fault 'in,method=tools/list:delay=15000' -- node server.js",
      'loupe tap --config ~/.cursor/mcp.json --server my-server --write',
    ],
    guides: ['docs/tap.md'],
  },
  {
    name: 'mcp',
    summary: 'Loupe as an MCP server for coding agents, with you watching and deciding',
    usage: [
      'loupe mcp [--http [--port <n>]] [--allow-calls] [--ask host,loupe|none] [--server-requests <mode|file>] [--rate <n>/<time>] [--targets <config>]…',
      'loupe mcp --config <client config> [--name <entry>] [policy flags] --print | --write [--yes]',
      'loupe mcp --write-skill <dir>',
    ],
    about: [
      "Serves Loupe's capabilities as MCP tools (stdio by default; --http: loopback only, with a per-run credential, its URL printed first): open a session to a server, list every page of a kind, describe an item as sent, call a tool, lint, scan, snapshot, diff, run a collection, conform, replay. Large results are paged resources; secrets never appear in results.",
      "You stay in charge: a server not in your saved servers or --targets configs opens only after your yes, and a call of a tool not annotated read-only waits for it too (asked through the agent's host, or in a running Loupe, as --ask says). Each refusal is one named error the agent can act on. A running Loupe shows the agent's sessions live, marked as the agent's, with a Stop.",
    ],
    options: [
      { flag: '--http', text: 'serve Streamable HTTP on 127.0.0.1 instead of stdio' },
      { flag: '--port <n>', text: "the HTTP server's port", default: '0, any free port' },
      {
        flag: '--allow-calls',
        text: 'call tools that are not annotated read-only without asking (you still approve targets)',
      },
      {
        flag: '--ask <routes>',
        text: 'who asks you, in the order to try: host (an elicitation to the agent’s host), loupe (the question in a running Loupe), or none (refuse what needs a yes)',
        default: 'host,loupe',
      },
      {
        flag: '--server-requests <mode|file>',
        text: "how the inspected server's own requests (sampling, elicitation, roots) are answered: none (not offered), decline, cancel, defaults, or a JSON file of answers",
      },
      { flag: '--rate <n>/<time>', text: 'at most this many tool calls per time (60/60s, 10/s, 100/min)' },
      { flag: '--max-sessions <n>', text: 'sessions the agent may hold open at once (1–256)' },
      {
        flag: '--targets <client config>',
        text: 'a client config whose servers the agent may open without asking (repeatable)',
      },
      { flag: '--settings <file>', text: 'the Loupe settings file whose saved servers the agent may open' },
      { flag: '--snapshots <dir>', text: 'where the snapshot tool writes its files' },
      { flag: '--no-live', text: 'do not show the sessions in a running Loupe' },
      { flag: '--config <file>', text: 'a client config (Claude Code, VS Code, Cursor) to add loupe mcp to' },
      { flag: '--name <entry>', text: "the entry's name in that config", default: 'loupe' },
      { flag: '--print', text: 'show the change as a diff' },
      {
        flag: '--write',
        text: 'write it, after asking at the terminal; the file keeps its mode, owner and symbolic link, with a private backup beside it',
      },
      { flag: '--yes', text: 'with --write and no terminal: write without asking' },
      {
        flag: '--write-skill <dir>',
        text: 'write the loupe-testing Agent Skill (SKILL.md and its files) to <dir>/loupe-testing, whole; a different copy already there (your edits) is moved to loupe-testing.before-<UTC>, never overwritten',
      },
    ],
    groups: [],
    examples: [
      'loupe mcp --targets .vscode/mcp.json',
      'loupe mcp --config ~/.cursor/mcp.json --print',
      'loupe mcp --write-skill ~/.claude/skills',
    ],
    guides: ['docs/agents.md'],
  },
  {
    name: 'auth',
    summary: 'forget the saved sign-in for a server',
    usage: ['loupe auth logout --url <url> [--auth-store <dir>] [--json]'],
    about: [
      "Forgets the tokens Loupe keeps for that server (per server and issuer, in the app data folder's auth/).",
    ],
    options: [
      { flag: '--url <url>', text: 'the server (required)' },
      {
        flag: '--auth-store <dir>',
        text: 'where the tokens are kept',
        default: "the app data folder's auth/",
      },
      { flag: '--json', text: '{"url", "signedOut", "removed"}' },
    ],
    groups: [],
    examples: ['loupe auth logout --url https://mcp.example.com/mcp'],
    guides: ['docs/sign-in.md'],
  },
];
