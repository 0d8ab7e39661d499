/**
 * The severity of each security code, in a module of its own: lint's table of severities needs it, and importing it
 * from scanSurface.ts loaded every scanner (and built their patterns) on the way to any listing or call.
 */
import type { Severity } from '../../shared/lint.js';
import type { SecurityCode } from '../../shared/security.js';

/** The severity each code can have at most, for the README and SARIF rule metadata. */
export const securityRuleSeverity: Record<SecurityCode, Severity> = {
  'model-override': 'error',
  'conceal-from-user': 'error',
  'sensitive-file-request': 'error',
  'exfiltration-instruction': 'error',
  'tool-order-instruction': 'warning',
  'hidden-tag-characters': 'error',
  'zero-width-characters': 'error',
  'bidi-control': 'error',
  'terminal-escape': 'error',
  'homoglyph-name': 'error',
  'whitespace-padding': 'warning',
  'encoded-blob': 'warning',
  'tool-name-shadowing': 'warning',
  'cross-server-reference': 'error',
  'context-harvesting-parameter': 'error',
  'hidden-recipient-default': 'error',
  'annotation-contradiction': 'warning',
  'pin-drift': 'warning',
};
