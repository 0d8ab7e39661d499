/**
 * A question put to the person before something is sent (a destructive call, a call on a changed server): a modal
 * dialog titled by its heading, where Escape answers "don't". The buttons and their focus are the caller's.
 */
import type { KeyboardEvent, ReactNode } from 'react';

export function QuestionDialog({
  titleId,
  className,
  onCancel,
  children,
}: {
  /** The id of the heading inside that names the dialog. */
  titleId: string;
  className: string;
  onCancel: () => void;
  children: ReactNode;
}) {
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      onCancel();
    }
  };
  return (
    <div
      role="dialog"
      aria-modal="true"
      aria-labelledby={titleId}
      className={className}
      onKeyDown={onKeyDown}
    >
      {children}
    </div>
  );
}
