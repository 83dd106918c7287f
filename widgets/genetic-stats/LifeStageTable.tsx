import { LIFE_STAGE_LABELS, LIFE_STAGES, lifeStageTableRows, type LifeStage, type SizeClass } from '../../server/shared/genetic-stats-rules';

/** The size-class table of spec 1 §9, with the dog's size class and life stage marked. */
export function LifeStageTable({ sizeClass, lifeStage }: { sizeClass: SizeClass | null; lifeStage: LifeStage | null }) {
  return (
    <table className="life-stage-table">
      <caption>Life stages by predicted full-grown weight</caption>
      <thead>
        <tr>
          <th scope="col">Size class</th>
          <th scope="col">Weight</th>
          {LIFE_STAGES.map((stage) => (
            <th scope="col" key={stage}>
              {LIFE_STAGE_LABELS[stage]}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {lifeStageTableRows().map((row) => {
          const isDogsRow = row.sizeClass === sizeClass;
          return (
            <tr key={row.sizeClass} className={isDogsRow ? 'life-stage-table__row--dog' : undefined} aria-current={isDogsRow ? 'true' : undefined}>
              <th scope="row">{row.sizeClass}</th>
              <td>{row.weight}</td>
              {LIFE_STAGES.map((stage) => (
                <td key={stage} className={isDogsRow && stage === lifeStage ? 'life-stage-table__cell--dog' : undefined}>
                  {row.ages[stage]}
                </td>
              ))}
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
