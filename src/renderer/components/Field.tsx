import type { ReactNode } from 'react';

export function Field({ label, note, children }: { label: string; note?: string; children: ReactNode }) {
  return (
    <section className="field">
      <h3 className="field-label">
        {label}
        {note ? <span className="field-note"> — {note}</span> : null}
      </h3>
      {children}
    </section>
  );
}
