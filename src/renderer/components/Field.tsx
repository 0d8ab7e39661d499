import type { ReactNode } from 'react';

interface FieldProps {
  label: string;
  note?: string;
  /** Set to make the field a place to move focus to (the tool detail's glance line leads to its findings). */
  id?: string;
  children: ReactNode;
}

export function Field({ label, note, id, children }: FieldProps) {
  return (
    <section className="field" {...(id ? { id, tabIndex: -1, 'aria-label': label } : {})}>
      <h3 className="field-label">
        {label}
        {note ? <span className="field-note"> — {note}</span> : null}
      </h3>
      {children}
    </section>
  );
}
