// A run in progress: the three steps it goes through (waiting, working, placing on canvas) as a segmented bar,
// the current one lit, so a long render reads as moving rather than as a bare "Working".

import { RUN_STEPS } from "./status-words";

export function RunProgress({ step }: { step: number }) {
  return (
    <div
      class="run-progress"
      role="progressbar"
      aria-label={RUN_STEPS[step]}
      aria-valuemin={1}
      aria-valuemax={RUN_STEPS.length}
      aria-valuenow={step + 1}
      aria-valuetext={`${RUN_STEPS[step]}, step ${step + 1} of ${RUN_STEPS.length}`}
      data-step={step}
    >
      {RUN_STEPS.map((name, index) => (
        <span
          key={name}
          class={`run-progress__step${index < step ? " run-progress__step--done" : ""}${index === step ? " run-progress__step--now" : ""}`}
        >
          {name}
        </span>
      ))}
    </div>
  );
}
