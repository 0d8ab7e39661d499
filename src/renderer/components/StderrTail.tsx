import { useShallow } from 'zustand/react/shallow';
import { useLoupeStore } from '../store/store';

/** The last stderr lines the server wrote, from the live frame log (what a crash usually explains itself with). */
export function StderrTail({ lines = 12 }: { lines?: number }) {
  const { log } = useLoupeStore(
    useShallow((state) => ({ log: state.frameLog, version: state.frameVersion })),
  );
  const tail: string[] = [];
  for (let index = log.frames.length - 1; index >= 0 && tail.length < lines; index -= 1) {
    const frame = log.frames[index];
    if (frame.kind === 'stderr' && frame.raw !== undefined) tail.unshift(frame.raw);
  }
  if (tail.length === 0) return null;
  return (
    <pre className="stderr-block" aria-label="Server stderr">
      {tail.join('\n')}
    </pre>
  );
}
