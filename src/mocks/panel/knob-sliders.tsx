import { useId } from 'react';
import type { ScenarioKnobs } from '../scenario-names';

interface KnobSlidersProps {
  shown: ReadonlyArray<keyof ScenarioKnobs>;
  knobs: ScenarioKnobs;
  onChange: (patch: Partial<ScenarioKnobs>) => void;
}

/** The scenario's adjustable values; they apply from the next request on, without a reload. */
export function KnobSliders({ shown, knobs, onChange }: KnobSlidersProps) {
  const latencyId = useId();
  const rateId = useId();
  const percent = Math.round(knobs.errorRate * 100);
  return (
    <>
      {shown.includes('latencyMs') && (
        <div className="mock-panel-field">
          <label htmlFor={latencyId}>Latency</label>
          <input
            id={latencyId}
            type="range"
            min={0}
            max={5000}
            step={100}
            value={knobs.latencyMs}
            aria-valuetext={`${knobs.latencyMs} milliseconds`}
            onChange={(e) => onChange({ latencyMs: Number(e.target.value) })}
          />
          <output htmlFor={latencyId}>{knobs.latencyMs} ms</output>
        </div>
      )}
      {shown.includes('errorRate') && (
        <div className="mock-panel-field">
          <label htmlFor={rateId}>Error rate</label>
          <input
            id={rateId}
            type="range"
            min={0}
            max={100}
            step={5}
            value={percent}
            aria-valuetext={`${percent} percent`}
            onChange={(e) => onChange({ errorRate: Number(e.target.value) / 100 })}
          />
          <output htmlFor={rateId}>{percent}%</output>
        </div>
      )}
    </>
  );
}
