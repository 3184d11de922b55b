import { PhoneIllustration, type PhoneScreen } from './ui/phone-illustration.tsx';

export interface GuideStep {
  text: string;
  screen: PhoneScreen;
}

export function GuideSteps({ steps, label }: { steps: readonly GuideStep[]; label: string }) {
  return (
    <ol className="guide-steps" aria-label={label}>
      {steps.map((step, index) => (
        <li key={step.text} className="guide-step">
          <PhoneIllustration screen={step.screen} />
          <p>
            <span className="guide-step__number">Step {index + 1}</span>
            {step.text}
          </p>
        </li>
      ))}
    </ol>
  );
}
