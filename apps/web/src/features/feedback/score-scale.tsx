import './score-scale.css';
import { useId, type CSSProperties } from 'react';

export type ScoreOption = { value: number; label: string };

/**
 * How the options look: `numbers` (the 0–10 scale, the expert's 1–7), `faces` (1–5, the label read out to screen
 * readers), `words` (care satisfaction, the label shown).
 */
export type ScoreLook = 'numbers' | 'faces' | 'words';

/** A face from frowning (1) to smiling (5): decoration only, the option's text label names it. */
function Face({ score }: { score: number }) {
  const bend = (score - 3) * 3;
  return (
    <svg viewBox="0 0 40 40" width="40" height="40" aria-hidden="true" focusable="false">
      <circle cx="20" cy="20" r="17" fill="none" stroke="currentColor" strokeWidth="2.5" />
      <circle cx="14" cy="16" r="2.2" fill="currentColor" />
      <circle cx="26" cy="16" r="2.2" fill="currentColor" />
      <path
        d={`M12 ${27 - bend / 2} Q20 ${27 + bend * 1.5} 28 ${27 - bend / 2}`}
        fill="none"
        stroke="currentColor"
        strokeWidth="2.5"
        strokeLinecap="round"
      />
    </svg>
  );
}

/**
 * A score question as a native radio group in a fieldset with its legend, so it works with the keyboard (Tab into
 * the group, arrows between options) and reads as one question; the ends of the scale describe the group.
 */
export function ScoreScale({
  name,
  legend,
  options,
  value,
  onChange,
  look,
  ends,
  error,
}: {
  name: string;
  legend: string;
  options: readonly ScoreOption[];
  value: number | null;
  onChange: (value: number) => void;
  look: ScoreLook;
  /** What the lowest and highest option mean (shown under a number scale). */
  ends?: { low: string; high: string };
  error?: string;
}) {
  const id = useId();
  const endsId = ends ? `${id}-ends` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [endsId, errorId].filter(Boolean).join(' ') || undefined;
  // A number scale is one row where it fits; on a phone a long one (the 11 of 0–10) takes two even rows.
  const columns = {
    '--score-columns': options.length,
    '--score-columns-narrow': options.length > 7 ? Math.ceil(options.length / 2) : options.length,
  } as CSSProperties;
  return (
    <fieldset className={`score-scale ${look}${error ? ' has-error' : ''}`} aria-describedby={describedBy}>
      <legend>{legend}</legend>
      <div className="score-body">
        <div className="score-options" style={look === 'numbers' ? columns : undefined}>
          {options.map((o) => (
            <label key={o.value} className="score-option">
              <input type="radio" name={name} value={o.value} checked={value === o.value} onChange={() => onChange(o.value)} />
              {look === 'faces' && <Face score={o.value} />}
              <span className={look === 'faces' ? 'visually-hidden' : undefined}>{o.label}</span>
            </label>
          ))}
        </div>
        {ends && (
          <p id={endsId} className="score-ends">
            <span>{ends.low}</span>
            <span>{ends.high}</span>
          </p>
        )}
      </div>
      {error && (
        <p id={errorId} className="field-error">
          {error}
        </p>
      )}
    </fieldset>
  );
}
