import { useId, type ReactNode } from 'react';

/**
 * A label and its control tied by id (not by wrapping: a wrapped <select> would lend its option texts to
 * the label, and "Transport" would also answer to "Command").
 */
export function FormRow({
  label,
  hint,
  children,
}: {
  label: ReactNode;
  hint?: ReactNode;
  children: (id: string) => ReactNode;
}) {
  const id = useId();
  return (
    <div className="form-row">
      <label htmlFor={id}>
        {label}
        {hint}
      </label>
      {children(id)}
    </div>
  );
}
