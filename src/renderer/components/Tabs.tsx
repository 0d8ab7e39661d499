import { useRef, type KeyboardEvent, type ReactNode } from 'react';

interface TabsProps<T extends string> {
  tabs: readonly T[];
  current: T;
  onSelect: (tab: T) => void;
  label: string;
  badges?: Partial<Record<T, ReactNode>>;
}

/** WAI-ARIA tabs: arrow keys, Home and End move between tabs; the panel is labelled by its tab. */
export function Tabs<T extends string>({ tabs, current, onSelect, label, badges }: TabsProps<T>) {
  const refs = useRef(new Map<T, HTMLButtonElement>());
  const onKeyDown = (event: KeyboardEvent) => {
    const at = tabs.indexOf(current);
    const next =
      event.key === 'ArrowRight'
        ? (at + 1) % tabs.length
        : event.key === 'ArrowLeft'
          ? (at - 1 + tabs.length) % tabs.length
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? tabs.length - 1
              : -1;
    if (next < 0) return;
    event.preventDefault();
    onSelect(tabs[next]);
    refs.current.get(tabs[next])?.focus();
  };
  return (
    <div className="tabs" role="tablist" aria-label={label} onKeyDown={onKeyDown}>
      {tabs.map((tab) => (
        <button
          key={tab}
          ref={(element) => {
            if (element) refs.current.set(tab, element);
          }}
          type="button"
          role="tab"
          id={`tab-${tab}`}
          aria-label={tab}
          aria-selected={tab === current}
          aria-controls={`panel-${tab}`}
          tabIndex={tab === current ? 0 : -1}
          onClick={() => onSelect(tab)}
        >
          {tab}
          {badges?.[tab] !== undefined ? <span className="tab-badge">{badges[tab]}</span> : null}
        </button>
      ))}
    </div>
  );
}
