/** One line per security code: what it finds and where it comes from (SARIF rules, the README's table). */
import type { SecurityCode, SecurityReference } from '../../shared/security.js';
import { references } from './references.js';

export interface SecurityRule {
  title: string;
  summary: string;
  reference: SecurityReference;
}

export const securityRules: Record<SecurityCode, SecurityRule> = {
  'model-override': {
    title: 'Instruction to override the model',
    summary:
      'Prose tells the model to ignore or replace its instructions, or wears a tag such as <IMPORTANT> or <SYSTEM> to pass as one.',
    reference: references.toolPoisoning,
  },
  'conceal-from-user': {
    title: 'Instruction to hide from the user',
    summary: 'Prose asks the model not to tell the person, or to act silently or without their knowledge.',
    reference: references.toolPoisoning,
  },
  'sensitive-file-request': {
    title: 'Points at secrets',
    summary:
      'Prose names files of secrets (~/.ssh, id_rsa, .env, mcp.json, cloud credentials) or asks the model for keys, tokens or passwords.',
    reference: references.toolPoisoning,
  },
  'exfiltration-instruction': {
    title: 'Instruction to send data away',
    summary:
      'Prose tells the model to send, forward or copy data to a URL, an address or a number, to change a recipient, or to add the message history.',
    reference: references.whatsApp,
  },
  'tool-order-instruction': {
    title: 'Instruction to call something first',
    summary: 'Prose tells the model what it must call or run before other tools: line jumping.',
    reference: references.lineJumping,
  },
  'hidden-tag-characters': {
    title: 'Invisible tag characters',
    summary:
      'Characters of U+E0000–U+E007F that do not show but spell ASCII text a model reads; the decoded text is in the evidence.',
    reference: references.tagCharacters,
  },
  'zero-width-characters': {
    title: 'Zero-width characters',
    summary:
      'Zero-width spaces, joiners, word joiners, BOMs, fillers or variation selectors outside emoji and scripts that need them.',
    reference: references.invisibleCharacters,
  },
  'bidi-control': {
    title: 'Bidirectional controls',
    summary:
      'Overrides, embeddings and isolates (and marks in names) that make the displayed text differ from the text.',
    reference: references.trojanSource,
  },
  'terminal-escape': {
    title: 'Terminal escapes and controls',
    summary:
      'ESC sequences (CSI, OSC), C1 controls, lone carriage returns and other controls that a terminal obeys instead of showing.',
    reference: references.terminalEscapes,
  },
  'homoglyph-name': {
    title: 'Homoglyph name',
    summary:
      'A tool or prompt name mixing Latin with look-alike letters of another script, named with the name it imitates when there is one.',
    reference: references.confusables,
  },
  'whitespace-padding': {
    title: 'Whitespace padding',
    summary:
      'A run of 40 blanks or 12 blank lines followed by more text: what comes after is off-screen for the person.',
    reference: references.toolPoisoning,
  },
  'encoded-blob': {
    title: 'Encoded blob in prose',
    summary: 'A base64 or hex blob of 48 characters or more in a description; decoded when it is text.',
    reference: references.toolPoisoning,
  },
  'tool-name-shadowing': {
    title: 'Tool name shadowing',
    summary: 'A tool with the same name as a tool of another connected or configured server.',
    reference: references.toolPoisoning,
  },
  'cross-server-reference': {
    title: 'Refers to another server',
    summary:
      "Prose names another server's tool (error) or gives rules for other servers or all other tools (warning).",
    reference: references.whatsApp,
  },
  'context-harvesting-parameter': {
    title: 'Parameter that harvests context',
    summary: 'A parameter to be filled with the conversation, the system prompt, file contents or secrets.',
    reference: references.toolPoisoning,
  },
  'hidden-recipient-default': {
    title: 'Hidden recipient',
    summary:
      'A bcc/cc/to/webhook-like parameter whose default or const is an address the person did not give.',
    reference: references.rugPull,
  },
  'annotation-contradiction': {
    title: 'Annotations contradict the tool',
    summary:
      'A tool named to delete or change things whose annotations claim destructiveHint: false or readOnlyHint: true.',
    reference: references.annotations,
  },
  'pin-drift': {
    title: 'Changed since pinned',
    summary:
      'What the server shows differs from the pin taken the first time (trust on first use); accept it as the new pin after review.',
    reference: references.rugPull,
  },
};
