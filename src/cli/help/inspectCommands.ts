/** Help for the commands that look at a server: list, call, read, prompt, lint, skills, watch, web. */
import type { CommandHelp } from './helpTypes.js';

const connecting = ['target', 'connection', 'input', 'signIn', 'traces'] as const;

export const inspectCommands: readonly CommandHelp[] = [
  {
    name: 'list',
    summary: 'every tool (or resource, template, prompt, skill), all pages followed to the end',
    usage: [
      'loupe list [--kind tools|resources|templates|prompts|skills] [--costs] [--json] <target>',
      'loupe list --config <file>',
    ],
    about: [
      'Lists one kind of item, following every page to the end: tools by default, one row each (name, title, description, required arguments) and a footer with the count and the pages. A listing that stopped early (page limit, cursor loop) fails in one line and is never printed as complete; names repeated across pages are warned about.',
      'In the 2026-07-28 era the output opens with an `MCP 2026-07-28 (modern era) · <server>` line. One stderr line ends it, naming the client capabilities Loupe declared: a server may list more to a client that declares more (--input). Lines a stdio server writes on stdout that are not JSON-RPC are counted in one warning, the first three quoted.',
      'With --config <file> and no --server it lists the servers of that client config instead, with the inputs and environment variables each reads (--json redacts values that came from the environment).',
    ],
    options: [
      {
        flag: '--kind <kind>',
        text: "tools, resources, templates, prompts or skills (skills/list, SEP-2640: each skill's name, description, files and bytes; no file is read)",
        default: 'tools',
      },
      {
        flag: '--costs',
        text: "also what the tool definitions cost a model's context, in tokens (o200k, cl100k, and an estimate for Claude), above the footer; without it no tokenizer is loaded",
      },
      {
        flag: '--json',
        text: 'the items as sent, the pages, the lint findings, era, eraReason, protocolVersion, the discover result and clientCapabilities (with --costs, costs)',
      },
    ],
    groups: connecting,
    examples: [
      'loupe list --demo',
      'loupe list --kind resources --url http://127.0.0.1:3001/mcp',
      'loupe list --config .vscode/mcp.json',
    ],
    guides: ['docs/inspect.md'],
  },
  {
    name: 'call',
    summary: 'call a tool: its result alone on stdout, the rest on stderr; exit 1 on isError',
    usage: ["loupe call <tool> [--args '<json>'] [--task] [--json] <target>"],
    about: [
      'Calls one tool and prints its result alone on stdout, so `loupe call … | jq .` works for every tool: a result with structuredContent prints that JSON, otherwise its text blocks as sent. On stderr: one `loupe: content[i]: …` line per other block, the outputSchema validation, and the round trip when stderr is a terminal. A result with isError exits 1.',
      "On a terminal without --input the server's questions (elicitation, sampling) are asked there. A tool whose execution.taskSupport is required runs as a task: each status on stderr, the result on stdout; Ctrl-C sends tasks/cancel (exit 3 when the server refuses or fails it: the task may still run).",
    ],
    options: [
      { flag: "--args '<json>'", text: "the tool's arguments, a JSON object", default: '{}' },
      { flag: '--task', text: 'run a tool whose execution.taskSupport is optional as a task too' },
      {
        flag: '--json',
        text: 'the whole result as sent (with a task: {"result", "task": {"taskId", "status", "history"}})',
      },
    ],
    groups: connecting,
    exit: '0 ok, 1 a failure or a result with isError, 2 usage, 3 a task Ctrl-C could not cancel',
    examples: [
      'loupe call echo --args \'{"message":"hi"}\' -- node server.js',
      'loupe call get_forecast --args \'{"city":"Utrecht"}\' --url http://127.0.0.1:3001/mcp | jq .',
      'loupe call long_job --task --input defaults -- node server.js',
    ],
    guides: ['docs/inspect.md', 'docs/traffic.md'],
  },
  {
    name: 'read',
    summary: "resources/read: each content's text on stdout",
    usage: ['loupe read <uri> [--json] <target>'],
    about: [
      'Reads one resource and prints the text of each content (--json: the result as sent). In the 2026-07-28 era the request carries Mcp-Method and Mcp-Name like every call.',
    ],
    options: [{ flag: '--json', text: 'the result as sent' }],
    groups: connecting,
    examples: [
      'loupe read demo://resource/static/document/architecture.md -- npx -y @modelcontextprotocol/server-everything',
      'loupe read file:///notes.md --json --url http://127.0.0.1:3001/mcp',
    ],
    guides: ['docs/inspect.md'],
  },
  {
    name: 'prompt',
    summary: "prompts/get: each message's text on stdout",
    usage: ['loupe prompt <name> [--args \'{"k":"v"}\'] [--json] <target>'],
    about: [
      'Gets one prompt and prints the text of each message (--json: the result as sent). Prompt arguments are strings: anything else is a usage error before anything is sent.',
    ],
    options: [
      {
        flag: '--args \'{"k":"v"}\'',
        text: "the prompt's arguments, a JSON object of strings",
        default: '{}',
      },
      { flag: '--json', text: 'the result as sent' },
    ],
    groups: connecting,
    examples: [
      'loupe prompt simple-prompt -- npx -y @modelcontextprotocol/server-everything',
      'loupe prompt review --args \'{"code":"x = 1"}\' --url http://127.0.0.1:3001/mcp',
    ],
    guides: ['docs/inspect.md'],
  },
  {
    name: 'lint',
    summary: 'findings per tool and the server summary; with --hosts, will each host take each tool',
    usage: ['loupe lint [--hosts <ids>|all] [--json] <target>'],
    about: [
      'Lints every tool as sent against the spec (and the server: a stdio server that writes non-JSON-RPC lines on stdout is `stdout-not-json`, an MCP App resource that is missing or of another type is `app-resource-unresolved` / `app-resource-mime`), then prints the findings per tool and the server summary. Exit 1 on an error finding.',
      "With --hosts it also checks each tool against Loupe's host profiles and gives, per tool and host, accepted, changed, limited or refused, with the rule, the path in the tool, the workaround and the source; a refusal is an error (`host-refused`), limits and changes one `host-changed` info line per tool. It then prints the tokens the definitions cost, heaviest first.",
    ],
    options: [
      {
        flag: '--hosts <ids>|all',
        text: 'host profiles, comma-separated: openai, openai-strict, anthropic, gemini, claude-code, gemini-cli, vscode, cursor, and gemini-parameters (only when named); all: every one but gemini-parameters',
      },
      { flag: '--json', text: 'the findings and summary (with --hosts, also portability and costs)' },
    ],
    groups: connecting,
    exit: '0 no error finding, 1 an error finding (a host refusal included) or a failure, 2 usage',
    examples: [
      'loupe lint --json -- npx @modelcontextprotocol/server-everything stdio',
      'loupe lint --hosts claude-code,cursor -- node server.js',
      "loupe lint --hosts all --json --demo | jq '.portability.counts'",
    ],
    guides: ['docs/inspect.md', 'docs/portability.md'],
  },
  {
    name: 'skills',
    summary: 'one skill (SEP-2640): its entry; --verify reads and checks every file',
    usage: ['loupe skills get <name | SKILL.md URI> [--verify] [--out <dir>] [--json] <target>'],
    about: [
      "Shows one skill's entry (frontmatter, files, sizes, digests) and reads nothing. --verify reads the files with resources/read, SKILL.md first, checking each before the next: its size, its SHA-256, then SKILL.md's YAML frontmatter field by field against the entry. The first file that fails refuses the whole skill: its content is never shown or written and nothing after it is read. A server that did not declare the skills extension gets `skills-not-offered` before anything is sent. `loupe list --kind skills` lists them.",
    ],
    options: [
      { flag: '--verify', text: 'read every file of the skill and verify it' },
      {
        flag: '--out <dir>',
        text: "also write a verified skill to <dir>/<name>/, whole (files readable by you alone; a file URI outside the skill's folder is refused; a different copy already there is moved to <name>.before-<UTC>, never overwritten)",
      },
      { flag: '--json', text: 'the entry (and with --verify, what each file came to)' },
    ],
    groups: ['target', 'connection', 'signIn', 'traces'],
    exit: '0 ok, 1 a failure, 2 usage; a refused skill: 4 digest, 5 size, 6 frontmatter',
    examples: [
      'loupe skills get pdf-processing -- node test/servers/skills.mjs',
      'loupe skills get skill://pdf-processing/SKILL.md --verify --out skills/ --url http://127.0.0.1:3001/mcp',
    ],
    guides: ['docs/inspect.md'],
  },
  {
    name: 'watch',
    summary: 'stay connected and print each list_changed as a diff',
    usage: ['loupe watch [--json] <target>'],
    about: [
      'Lists, stays connected and prints what each list_changed notification came to (the names added, removed and changed, from a full re-walk of all pages; "no difference" when nothing changed; a re-listing that stopped early says what changed is not known whole). A server that announces list_changed during every listing is followed three times, then no longer during a listing, and watch says so. Ctrl-C ends it (exit 0); a server that goes away ends it with exit 1.',
    ],
    options: [{ flag: '--json', text: 'one JSON object a line, a failure too' }],
    groups: connecting,
    examples: ['loupe watch --demo', 'loupe watch --json -- node server.js'],
    guides: ['docs/snapshots.md'],
  },
  {
    name: 'web',
    summary: 'the inspector in your browser (prints its address first)',
    usage: ['loupe web [--port <n>] [--json] [<target>]'],
    about: [
      'Starts the browser host and prints `Loupe is at http://127.0.0.1:<port>/?token=…`: open that address. The token is made anew by each run. The page connects to the target given; without one it opens unconnected. Taps on this machine show in it as live sessions. Ctrl-C stops it.',
    ],
    options: [
      { flag: '--port <n>', text: 'the port on 127.0.0.1', default: '0, any free port' },
      {
        flag: '--page-limit <n>',
        text: "the page limit of the UI's sessions",
        default: '64',
      },
      { flag: '--timeout <ms>', text: "the request timeout of the UI's sessions", default: '10000' },
      { flag: '--json', text: 'one JSON object a line: {"event": "listening", "url"}, a failure too' },
    ],
    groups: ['target'],
    examples: ['loupe web --demo', 'loupe web --port 7300 -- node server.js'],
    guides: ['docs/sessions.md', 'docs/development.md'],
  },
];
