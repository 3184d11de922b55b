import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { GuideSteps } from './guide-steps.tsx';

describe('the guide steps', () => {
  afterEach(cleanup);

  it('draws each phone with a gradient of its own, which only that drawing fills with', () => {
    const { container } = render(
      <GuideSteps
        label="Set it up"
        steps={[
          { text: 'Open Photos.', screen: 'home-photos' },
          { text: 'Pick the wallpaper.', screen: 'photo-grid' },
          { text: 'Pinch to adjust it.', screen: 'adjust' },
        ]}
      />,
    );
    const drawings = [...container.querySelectorAll('svg')];
    expect(drawings).toHaveLength(3);
    const ids = drawings.map((svg) => svg.querySelector('linearGradient')!.id);
    expect(new Set(ids).size).toBe(3);
    drawings.forEach((svg, index) => {
      const fills = [...svg.querySelectorAll('[fill^="url("]')].map((shape) => shape.getAttribute('fill'));
      expect(fills.length).toBeGreaterThan(0);
      expect(new Set(fills)).toEqual(new Set([`url(#${ids[index]})`]));
    });
  });
});
