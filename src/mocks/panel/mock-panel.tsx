import { useEffect, useEffectEvent, useId, useRef, useState } from 'react';
import type { ScenarioSettings } from '../scenario-choice';
import { isScenarioName, SCENARIO_INFO, SCENARIO_NAMES, type ScenarioKnobs, type ScenarioName } from '../scenario-names';
import { SCENARIOS } from '../scenarios';
import { KnobSliders } from './knob-sliders';
import './mock-panel.css';

export interface MockPanelProps {
  /** What runs now (the page starts again on every switch). */
  settings: ScenarioSettings;
  onChange: (patch: Partial<Omit<ScenarioSettings, 'name'>>) => void;
  onSwitch: (name: ScenarioName) => void;
  onReset: () => void;
}

/**
 * A small floating panel for designers: pick a scenario, adjust it, reset the data, open the
 * gallery. Collapsible; Escape collapses it and returns focus to its button.
 */
export function MockPanel({ settings, onChange, onSwitch, onReset }: MockPanelProps) {
  const active = settings.name;
  const [open, setOpen] = useState(settings.panelOpen);
  const [choice, setChoice] = useState<ScenarioName>(active);
  const [knobs, setKnobs] = useState<ScenarioKnobs>({ latencyMs: settings.latencyMs, errorRate: settings.errorRate });
  const toggleRef = useRef<HTMLButtonElement>(null);
  const bodyRef = useRef<HTMLDivElement>(null);
  const ids = { body: useId(), select: useId(), description: useId() };
  const scenario = SCENARIOS[active];

  const setPanelOpen = (next: boolean) => {
    setOpen(next);
    onChange({ panelOpen: next });
    if (!next) toggleRef.current?.focus();
  };

  // Escape inside the open panel closes it (and only then: the app's dialogs keep their Escape).
  const onEscape = useEffectEvent((event: KeyboardEvent) => {
    if (event.key !== 'Escape' || !bodyRef.current?.contains(document.activeElement)) return;
    event.stopPropagation();
    setPanelOpen(false);
  });
  useEffect(() => {
    if (!open) return;
    const listener = (event: KeyboardEvent) => onEscape(event);
    document.addEventListener('keydown', listener);
    return () => document.removeEventListener('keydown', listener);
  }, [open]);

  return (
    // English only, like the mock sign-in (src/mocks/mock-sign-in.tsx): marked so on any page.
    <aside className="mock-panel" aria-label="Mock backend" lang="en" dir="ltr">
      <button
        ref={toggleRef}
        type="button"
        className="mock-panel-toggle"
        aria-expanded={open}
        aria-controls={ids.body}
        onClick={() => setPanelOpen(!open)}
      >
        Mock: {SCENARIO_INFO[active].label}
      </button>
      {open && (
        <div id={ids.body} ref={bodyRef} className="mock-panel-body">
          <form
            className="mock-panel-form"
            onSubmit={(e) => {
              e.preventDefault();
              onSwitch(choice);
            }}
          >
            <label htmlFor={ids.select}>Scenario</label>
            <select
              id={ids.select}
              value={choice}
              aria-describedby={ids.description}
              onChange={(e) => {
                if (isScenarioName(e.target.value)) setChoice(e.target.value);
              }}
            >
              {SCENARIO_NAMES.map((name) => (
                <option key={name} value={name}>
                  {SCENARIO_INFO[name].label}
                </option>
              ))}
            </select>
            <p id={ids.description} className="mock-panel-hint">
              {SCENARIO_INFO[choice].description}
            </p>
            <button type="submit" className="button button-primary" disabled={choice === active}>
              Switch scenario
            </button>
          </form>
          <KnobSliders
            shown={scenario.knobs ?? []}
            knobs={knobs}
            onChange={(patch) => {
              setKnobs((current) => ({ ...current, ...patch }));
              onChange(patch);
            }}
          />
          <ul className="mock-panel-links">
            {scenario.links?.map((link) => (
              <li key={link.href}>
                <a href={link.href}>{link.label}</a>
              </li>
            ))}
            <li>
              <a href="#/gallery">States gallery</a>
            </li>
          </ul>
          <button type="button" className="button" onClick={onReset}>
            Reset mock data
          </button>
        </div>
      )}
    </aside>
  );
}
