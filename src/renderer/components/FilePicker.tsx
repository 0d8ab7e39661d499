import { useRef } from 'react';

interface FilePickerProps {
  /** The button's text. */
  children: React.ReactNode;
  /** The hidden input's accessible name (tests and assistive tools pick the file through it). */
  inputLabel: string;
  testId: string;
  /** The button's name when its text is shortened on narrow windows. */
  buttonLabel?: string;
  disabled?: boolean;
  onFile: (file: File) => void;
}

/** A button that opens the system's file picker for one JSON file; the same file can be picked twice in a row. */
export function FilePicker({ children, inputLabel, testId, buttonLabel, disabled, onFile }: FilePickerProps) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <button
        type="button"
        onClick={() => input.current?.click()}
        disabled={disabled}
        {...(buttonLabel ? { 'aria-label': buttonLabel } : {})}
      >
        {children}
      </button>
      <input
        ref={input}
        type="file"
        accept=".json,application/json"
        hidden
        aria-label={inputLabel}
        data-testid={testId}
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) onFile(file);
        }}
      />
    </>
  );
}
