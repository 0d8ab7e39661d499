/** Help for the commands that judge a server: scan, test, conform; and help and version themselves. */
import type { CommandHelp } from './helpTypes.js';

export const checkCommands: readonly CommandHelp[] = [
  {
    name: 'scan',
    summary: 'security findings: tool poisoning, hidden text, shadowing, rug pulls (pins)',
    usage: [
      'loupe scan [--pin <file> [--accept]] [--sarif <file>] [--json] <target>',
      'loupe scan [--yes] [--pin <file> [--accept]] [--sarif <file>] [--json] [<config files…> | --config <file>]',
    ],
    about: [
      'Reads what a server shows a model (tools with their schemas and annotations, prompts, resources, templates, the instructions, serverInfo, skills) and reports what looks aimed at the model rather than at you, on this machine: nothing is sent anywhere. Each finding names the item, the field, the exact span (invisible characters shown by name) and the write-up it rests on.',
      "Without a target it scans every server of the config files given (or --config), else of the known config locations. Starting a config's server runs a command or sends its URL the entry's headers, so each is opened only after your yes, asked naming the command or URL and the environment variables it would get (--yes: all; no terminal and no --yes: none is opened, exit 1). A server you name with --config <file> --server <name> is the yes for that one.",
    ],
    options: [
      {
        flag: '--pin <file>',
        text: 'trust on first use: pin each target the first time it is seen; a later change is pin-drift (exit 6) until accepted. A pin file that cannot be used stops the scan before any server opens (pins-invalid)',
      },
      { flag: '--accept', text: 'take the changes found as the new pins (with --pin)' },
      { flag: '--sarif <file>', text: 'also write SARIF 2.1.0, for code-scanning uploads' },
      { flag: '--yes', text: "open every config's servers without asking (-y)" },
      {
        flag: '--config <file>',
        text: 'a client config whose servers to scan (or give the files as arguments)',
      },
      { flag: '--json', text: 'a report per server' },
    ],
    groups: ['target', 'connection', 'signIn', 'traces'],
    exit: '0 nothing above info, 1 a server could not be scanned (or was not opened for want of a yes), 4 warnings, 5 errors, 6 a pin changed and was not accepted',
    examples: [
      'loupe scan --demo',
      'loupe scan --pin pins.json --sarif loupe.sarif ~/.cursor/mcp.json',
      'loupe scan --config .vscode/mcp.json --server github',
    ],
    guides: ['docs/security.md'],
  },
  {
    name: 'test',
    summary: "run a collection's saved calls and assertions (CI: JUnit, TAP, JSON)",
    usage: [
      'loupe test <collection.json> [--grep <regex>] [--bail] [--concurrency <n>] [--reporter text|junit|tap|json] [--out <file>] [<target>]',
    ],
    about: [
      "Runs the steps of a loupe.collection/1 file (tools/call, resources/read, prompts/get and the lists, each with its expect) against the collection's own target, or the one given (target options given win over the file's). Each failed assertion is printed with expected, actual, a line diff and the step's frame numbers; a terminal shows progress. ${env:NAME} values are sent and never written to any report. Ctrl-C cancels the steps in flight and writes every report of what ran, saying so; a second Ctrl-C ends it at once.",
    ],
    options: [
      { flag: '--grep <regex>', text: 'run the steps whose names match (and the steps they depend on)' },
      { flag: '--bail', text: 'start nothing after the first failure' },
      { flag: '--concurrency <n>', text: 'run independent steps n at once', default: '1' },
      {
        flag: '--reporter text|junit|tap|json',
        text: 'the report format, written to --out (the text report still on stdout) or to stdout',
        default: 'text',
      },
      { flag: '--out <file>', text: 'where the --reporter report goes' },
      { flag: '--json', text: 'the same as --reporter json' },
    ],
    groups: ['target', 'connection', 'input', 'signIn', 'traces'],
    exit: '0 every step passed, 1 an assertion or a request failed, 2 the collection or the connection could not run (an invalid file, an unset ${env:…}, no target, no step matched --grep), 130 interrupted',
    examples: [
      'loupe test examples/collections/demo.collection.json',
      "loupe test api.collection.json --grep '^billing' --bail -- node server.js",
      'loupe test api.collection.json --concurrency 4 --reporter junit --out loupe-junit.xml --url http://127.0.0.1:3001/mcp',
    ],
    guides: ['docs/collections.md'],
  },
  {
    name: 'conform',
    summary: "the official conformance suite's server scenarios, each check with its frames",
    usage: [
      'loupe conform [--scenario <name>]… [--all] [--spec-version 2025-11-25|2026-07-28] [--reporter text|json|junit] [--out <file>] [--yes] <target>',
    ],
    about: [
      "Runs @modelcontextprotocol/conformance's server scenarios against your server with every message through Loupe's recorder, so each check names the frames it judged. By default the requirement set of the server's revision (server/discover answered: 2026-07-28, else 2025-11-25); scenarios a set runs without scoring are reported and never fail the run. A stdio server is judged through a loopback Streamable HTTP bridge that Loupe starts. The suite needs Node 22 or newer: it and, where needed, a Node are installed once into ~/.cache/loupe/conform, only with your consent (--yes, or y at the prompt on a terminal).",
    ],
    options: [
      { flag: '--scenario <name>', text: 'run this scenario (repeatable)' },
      { flag: '--all', text: 'every scenario of the revision' },
      {
        flag: '--spec-version <revision>',
        text: '2025-11-25 or 2026-07-28',
        default: 'the era the server answers in',
      },
      {
        flag: '--reporter text|json|junit',
        text: 'junit: one testsuite per scenario, one testcase per check, to --out or stdout',
        default: 'text',
      },
      { flag: '--out <file>', text: 'where the --reporter report goes' },
      {
        flag: '--journal <file>',
        text: 'where the frames go',
        default: "a file under the app data folder's conform/, named at the end of the report",
      },
      { flag: '--yes', text: 'install the suite (and a Node 22) if missing, without asking' },
      { flag: '--timeout <ms>', text: 'how long to wait for each answer', default: '10000' },
      { flag: '--json', text: 'the whole report (also on errors: {"error": …})' },
    ],
    groups: ['target'],
    exit: '0 every required check passed, 1 a check failed, 2 it could not run (the server unreachable, an unknown scenario, no suite), 130 interrupted',
    examples: [
      'loupe conform --url http://127.0.0.1:3001/mcp',
      'loupe conform --all --spec-version 2026-07-28 --url http://127.0.0.1:3001/mcp',
      'loupe conform --yes --reporter junit --out conform.xml -- node dist/server.js',
    ],
    guides: ['docs/conformance.md'],
  },
  {
    name: 'help',
    summary: "this overview, or one command's help",
    usage: ['loupe help [<command>]', 'loupe <command> --help'],
    about: [
      'Without a command: the list of commands. With one: its usage, what it does, its options with their defaults, examples and the guide to read. The option groups have help of their own: loupe help targets, connection, input, sign-in.',
    ],
    options: [],
    groups: [],
    examples: ['loupe help list', 'loupe tap --help', 'loupe help sign-in'],
    guides: ['docs/cli.md'],
  },
  {
    name: 'version',
    summary: "Loupe's version",
    usage: ['loupe --version', 'loupe version'],
    about: ["Prints Loupe's version (package.json)."],
    options: [],
    groups: [],
    examples: ['loupe --version'],
    guides: ['docs/cli.md'],
  },
];
