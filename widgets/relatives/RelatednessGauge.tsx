/** A vertical gauge whose fill height is the square root of the shared percent (spec 1 §9); see relativeCardView. */
export function RelatednessGauge({ percent, height, color, label }: { percent: number; height: string; color: string; label: string }) {
  return (
    <div className="relatedness-gauge" role="img" aria-label={label} data-fill-percent={percent}>
      <div className="relatedness-gauge__fill" style={{ height, backgroundColor: color }} />
    </div>
  );
}
