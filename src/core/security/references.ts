/**
 * The public write-ups each rule rests on, with when they were published and when they were read for the rule.
 * Read on 2026-12-02 through the stored copies and summaries the library search gave (the primary URL is cited;
 * where only a summary was read, the summary's address is in `title`).
 */
import type { SecurityReference } from '../../shared/security.js';

const read = '2026-12-02';

export const references = {
  toolPoisoning: {
    title:
      'Invariant Labs, "MCP Security Notification: Tool Poisoning Attacks" (read via policylayer.com/attacks/tool-poisoning)',
    url: 'https://invariantlabs.ai/blog/mcp-security-notification-tool-poisoning-attacks',
    published: '2025-04-01',
    read,
  },
  whatsApp: {
    title:
      'Invariant Labs, "WhatsApp MCP Exploited: Exfiltrating your message history via MCP" (read via safeguard.sh/resources/blog/mcp-line-jumping-tool-description-injection)',
    url: 'https://invariantlabs.ai/blog/whatsapp-mcp-exploited',
    published: '2025-04-07',
    read,
  },
  lineJumping: {
    title:
      'Trail of Bits, "Jumping the line: how MCP servers can attack you before you ever use them" (read via safeguard.sh and policylayer.com/glossary/line-jumping)',
    url: 'https://blog.trailofbits.com/2025/04/21/jumping-the-line-how-mcp-servers-can-attack-you-before-you-ever-use-them/',
    published: '2025-04-21',
    read,
  },
  terminalEscapes: {
    title:
      'Trail of Bits, "Deceiving users with ANSI terminal codes in MCP" (read via mcpsafe.io/threats/MCP-083)',
    url: 'https://blog.trailofbits.com/2025/04/29/deceiving-users-with-ansi-terminal-codes-in-mcp/',
    published: '2025-04-29',
    read,
  },
  tagCharacters: {
    title:
      'Unicode Tags block U+E0000–U+E007F used for invisible prompt injection ("ASCII smuggling"; read via mcpsafe.io/threats/MCP-223)',
    url: 'https://www.unicode.org/charts/PDF/UE0000.pdf',
    read,
  },
  invisibleCharacters: {
    title:
      'Invisible format characters (zero width space, joiners, BOM, Hangul fillers) in prompts (read via promptshield.js.org/docs/detectors/invisible-chars)',
    url: 'https://promptshield.js.org/docs/detectors/invisible-chars',
    read,
  },
  trojanSource: {
    title:
      'Boucher & Anderson, "Trojan Source: Invisible Vulnerabilities" (CVE-2021-42574), bidirectional overrides',
    url: 'https://trojansource.codes/',
    published: '2021-11-01',
    read,
  },
  confusables: {
    title: 'Unicode Technical Standard #39, Unicode Security Mechanisms (confusables, mixed scripts)',
    url: 'https://www.unicode.org/reports/tr39/',
    read,
  },
  rugPull: {
    title:
      'postmark-mcp 1.0.16: 15 clean releases, then a hidden BCC to an outside address (read via akhilesharora.github.io/herkos/docs/case-postmark.html and techzine.eu)',
    url: 'https://www.koi.ai/blog/postmark-mcp-npm-malicious-backdoor-email-theft',
    published: '2025-09-25',
    read,
  },
  annotations: {
    title: 'MCP specification 2025-11-25, ToolAnnotations: hints, untrusted unless from a trusted server',
    url: 'https://modelcontextprotocol.io/specification/2025-11-25/schema#toolannotations',
    published: '2025-11-25',
    read,
  },
} satisfies Record<string, SecurityReference>;
