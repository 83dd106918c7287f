import { useState } from 'react';
import { LIFE_STAGE_OFFER, LIFE_STAGE_OFFER_LINK, OTHER_LABS_FILE_WEIGHT_WHY } from '../../server/shared/messages';
import { Modal } from '../shared/Modal';
import { LifeStageTable } from './LifeStageTable';
import {
  currentLifeStage,
  formatPredictedWeight,
  formatWolfiness,
  LIFE_STAGE_LABELS,
  lifeStageStatus,
  lifeStageText,
  missingStatText,
  sizeClassOf,
  weightRangeText,
  type GeneticStatsProps,
} from '../../server/shared/genetic-stats-rules';

type ModalName = 'lifeStage' | 'calculation' | 'weight' | 'wolfiness';

function ModalButton({ name, label, open }: { name: ModalName; label: string; open: (name: ModalName) => void }) {
  return (
    <button type="button" className="genetic-stat__more" data-modal={name} aria-haspopup="dialog" onClick={() => open(name)}>
      {label}
    </button>
  );
}

/** Genetic stats: life stage, predicted adult weight and wolfiness, each with its explanation (spec 1 §2, §4, §5). */
export function GeneticStats(props: GeneticStatsProps) {
  const [modal, setModal] = useState<ModalName | null>(null);
  const close = () => setModal(null);
  const lifeStage = currentLifeStage(props);
  const status = lifeStageStatus(lifeStage, props.hasAgeTest, props.fromOtherLabsFile);
  const missingWeight = missingStatText(props.fromOtherLabsFile, 'weight');
  const missingWolfiness = missingStatText(props.fromOtherLabsFile, 'wolfiness');
  const weight = formatPredictedWeight(props.predictedWeightLbs);
  const wolfiness = formatWolfiness(props.wolfiness);
  const sizeClass = sizeClassOf(props.predictedWeightLbs);
  const name = props.petName;

  return (
    <section className="genetic-stats" aria-labelledby="genetic-stats-title">
      <h2 id="genetic-stats-title" className="genetic-stats__title">
        Genetic Stats
      </h2>
      <dl className="genetic-stats__list">
        <div className="genetic-stat genetic-stat--life-stage">
          <dt>Life stage</dt>
          <dd className="genetic-stat__value" data-status={status}>
            {status === 'offer' ? (
              <>
                {LIFE_STAGE_OFFER} <a href={props.aboutHref}>{LIFE_STAGE_OFFER_LINK}</a>
              </>
            ) : (
              lifeStageText(lifeStage, props.hasAgeTest, props.fromOtherLabsFile)
            )}
          </dd>
          <dd className="genetic-stat__actions">
            <ModalButton name="lifeStage" label="What is a life stage?" open={setModal} />
            {!props.isPublic && <ModalButton name="calculation" label="How is it calculated?" open={setModal} />}
          </dd>
        </div>
        <div className="genetic-stat genetic-stat--weight">
          <dt>Predicted adult weight</dt>
          <dd className="genetic-stat__value">{weight ?? missingWeight.value}</dd>
          {!weight && missingWeight.why && <dd className="genetic-stat__context">{missingWeight.why}</dd>}
          <dd className="genetic-stat__actions">
            <ModalButton name="weight" label="About predicted weight" open={setModal} />
          </dd>
        </div>
        <div className="genetic-stat genetic-stat--wolfiness">
          <dt>Wolfiness</dt>
          <dd className="genetic-stat__value">{wolfiness ?? missingWolfiness.value}</dd>
          {!wolfiness && missingWolfiness.why && <dd className="genetic-stat__context">{missingWolfiness.why}</dd>}
          {wolfiness && props.wolfinessContext && <dd className="genetic-stat__context">{props.wolfinessContext}</dd>}
          <dd className="genetic-stat__actions">
            <ModalButton name="wolfiness" label="About wolfiness" open={setModal} />
          </dd>
        </div>
      </dl>

      {modal === 'lifeStage' && (
        <Modal id="genetic-stats-life-stage" title="Life stage" onClose={close}>
          <p>
            Dogs age at different rates depending on their size: small dogs grow up fast and live long, giant dogs take up to two years to
            grow up and reach their senior years sooner. The life stage (Puppy, Young Adult, Mature Adult, Senior or Geriatric) combines
            age with predicted full-grown size, so care and nutrition advice can fit where {name} is in life.
          </p>
          {lifeStage && <p>{name} is a {LIFE_STAGE_LABELS[lifeStage]} today.</p>}
        </Modal>
      )}

      {modal === 'calculation' && !props.isPublic && (
        <Modal id="genetic-stats-calculation" title="How we calculate the life stage" size="wide" onClose={close}>
          <CalculationText {...props} lifeStage={lifeStage} weight={weight} />
          <LifeStageTable sizeClass={sizeClass} lifeStage={lifeStage} />
        </Modal>
      )}

      {modal === 'weight' && (
        <Modal id="genetic-stats-weight" title="Predicted adult weight" onClose={close}>
          <p>
            We predict how much {name} will weigh full grown from the typical weights of the breeds in {name}’s DNA and from genes known
            to affect body size. It is rounded to whole pounds; diet, exercise and whether a dog is neutered also play a part.
          </p>
          {weight && !props.isPublic && sizeClass && (
            <p>
              {weight} puts {name} in the {sizeClass} size class ({weightRangeText(sizeClass)}).
            </p>
          )}
        </Modal>
      )}

      {modal === 'wolfiness' && (
        <Modal id="genetic-stats-wolfiness" title="Wolfiness" onClose={close}>
          <p>
            Wolfiness measures how many ancient wolf gene variants {name} carries that most dogs have lost since domestication. It is not
            a sign of recent wolf ancestry: most dogs score between 0% and 2%.
          </p>
          {wolfiness && props.wolfinessContext && (
            <p>
              {name}: {wolfiness}. {props.wolfinessContext}.
            </p>
          )}
        </Modal>
      )}
    </section>
  );
}

function CalculationText(props: GeneticStatsProps & { lifeStage: GeneticStatsProps['lifeStage']; weight: string | null }) {
  const { petName: name, bornWhen, birthDateSource, weight, lifeStage } = props;
  const born = bornWhen ? `${name} was born ${bornWhen}${birthDateSource === 'ageTest' ? ', as predicted by the age test' : ''}` : null;
  return (
    <>
      <p>We combine {name}’s age with the predicted full-grown weight: the weight gives the size class, and the age in the size class gives the life stage.</p>
      <ul className="genetic-stats__calculation">
        <li>{born ?? <>We do not know {name}’s birthday yet{props.hasAgeTest ? ': the age test result is not back yet.' : '.'} <a href={props.aboutHref}>{LIFE_STAGE_OFFER_LINK}</a></>}</li>
        <li>{weight ? `Predicted adult weight: ${weight}.` : props.fromOtherLabsFile ? `Predicted adult weight: not predicted from this DNA file. ${OTHER_LABS_FILE_WEIGHT_WHY}` : 'Predicted adult weight: not available yet.'}</li>
        {lifeStage && <li>So {name} is a {LIFE_STAGE_LABELS[lifeStage]}.</li>}
      </ul>
    </>
  );
}
