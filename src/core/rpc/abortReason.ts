/** Why an AbortSignal aborted, in words: its string or Error reason; abort() without one is the user's cancel. */
export function abortReason(reason: unknown): string {
  if (typeof reason === 'string') return reason;
  // abort() without a reason gives a DOMException "This operation was aborted": the user's cancel.
  if (reason instanceof Error && reason.name !== 'AbortError') return reason.message;
  return 'cancelled by the user';
}
