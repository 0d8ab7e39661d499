/** The connect dialog's form in a rendered App: opened with the header's "Connect…" when it is not open yet. */
import { fireEvent, screen } from '@testing-library/react';

export function connectForm(): HTMLElement {
  const open = screen.queryByRole('form', { name: 'Connection' });
  if (open) return open;
  fireEvent.click(screen.getByRole('button', { name: 'Connect…' }));
  return screen.getByRole('form', { name: 'Connection' });
}
