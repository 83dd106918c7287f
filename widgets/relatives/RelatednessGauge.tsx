import { gaugeFillHeight } from './rules';

/** A vertical gauge whose fill height is the square root of the shared percent (spec 1 §9). */
export function RelatednessGauge({ percent, color, label }: { percent: number; color: string; label: string }) {
  const height = gaugeFillHeight(percent);
  return (
    <div className="relatedness-gauge" role="img" aria-label={label} data-fill-percent={percent}>
      <div className="relatedness-gauge__fill" style={{ height: `${height.toFixed(2)}%`, backgroundColor: color }} />
    </div>
  );
}
