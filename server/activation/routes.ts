import { Router, type Request, type Response } from 'express';
import type { Db } from '../db/index.js';
import { signedInUser } from '../auth/guards.js';
import { READ_ONLY_ACCOUNT_PAGE } from '../pages/results-routes.js';
import { BREED_TYPES, SEX_OPTIONS } from '../shared/pet-profile-rules.js';
import * as messages from '../shared/messages.js';
import { ActivationError } from './errors.js';
import { dogsForActivation } from './queries.js';
import { ACTIVATION_STEPS, hasReached, HOW_HEARD_OPTIONS, refusedControl, type ActivationStep } from './rules.js';
import { activateSwab, cancelActivation, contributeToResearch, currentActivation, howDidYouHear, lookUpCode, selectDog } from './service.js';

// /members/activate (issue 15): one server-rendered form per step, each posting to the same
// step function as its GraphQL mutation; the state lives in kit_activations, so the page
// always opens at the step the account stopped at.

const STATUS_OF: Record<ActivationError['code'], number> = { BAD_USER_INPUT: 422, NOT_AUTHORIZED: 403, TOO_MANY_REQUESTS: 429, CONFLICT: 409 };

const text = (value: unknown) => (typeof value === 'string' ? value : '');
const positiveInt = (value: unknown) => (typeof value === 'string' && /^[1-9][0-9]{0,8}$/.test(value) ? Number(value) : null);

/** What the forms posted, re-shown after a refusal (never the raw body). */
interface FormValues {
  boxKeyOrSwabCode: string;
  dog: string;
  newName: string;
  newSex: string;
  newBreedType: string;
  practiceConfirmed: boolean;
  howDidYouHear: string;
  agree: string;
}

function formValues(body: Record<string, unknown> = {}): FormValues {
  return {
    boxKeyOrSwabCode: text(body.boxKeyOrSwabCode).slice(0, 64),
    dog: text(body.dog),
    newName: text(body.newName).slice(0, 100),
    newSex: text(body.newSex),
    newBreedType: text(body.newBreedType),
    practiceConfirmed: body.practiceId !== undefined,
    howDidYouHear: text(body.howDidYouHear),
    agree: text(body.agree),
  };
}

async function renderPage(db: Db, req: Request, res: Response, shown: { step?: ActivationStep | 'code'; error?: ActivationError; values?: FormValues } = {}) {
  const user = signedInUser(req);
  const current = await currentActivation(db, user);
  const activation = current && !current.refusal ? current.view : null;
  const requested: string | null = shown.step ?? (typeof req.query.step === 'string' ? req.query.step : null);
  // An earlier step may be shown again to change its answer; never one not reached yet.
  const step: ActivationStep | 'code' =
    !activation || requested === 'code' ? 'code' : isShowable(activation.step, requested) ? requested : activation.step;
  const values = shown.values ?? formValues();
  const dogs = activation && (step === 'selectDog' || step === 'activate') ? await dogsForActivation(db, user.id) : [];
  const practiceName = activation?.practice?.name;
  const error = shown.error ?? null;
  res.status(error ? STATUS_OF[error.code] : 200).render('members/activate', {
    title: 'Activate Kit',
    step,
    steps: ACTIVATION_STEPS.filter((s) => s !== 'done'),
    activation,
    refusal: !shown.error && current?.refusal ? current.refusal : null,
    error: error ? { message: error.message, field: error.field } : null,
    focusControl: error ? refusedControl(step, error.field) : null,
    values: activation && !shown.values ? valuesOf(activation, values) : values,
    dogs,
    dogName: dogs.find((dog) => dog.petNum === activation?.petNum)?.name ?? '',
    howHeardOptions: HOW_HEARD_OPTIONS,
    previousHowHeard: user.howHeardAboutUs ?? null,
    sexes: SEX_OPTIONS,
    breedTypes: BREED_TYPES,
    practiceNotice: practiceName === undefined ? null : messages.ACTIVATION_PRACTICE_KIT.replace('{practice}', () => practiceName),
  });
}

function isShowable(current: ActivationStep, requested: string | null): requested is ActivationStep {
  return (ACTIVATION_STEPS as readonly string[]).includes(requested ?? '') && requested !== 'done' && hasReached(current, requested as ActivationStep);
}

/** The saved answers, shown when a step is opened again. */
function valuesOf(activation: NonNullable<Awaited<ReturnType<typeof currentActivation>>>['view'], values: FormValues): FormValues {
  return {
    ...values,
    boxKeyOrSwabCode: activation.boxKeyOrSwabCode,
    dog: activation.petNum ? String(activation.petNum) : activation.newPetName ? 'new' : '',
    newName: activation.newPetName ?? '',
    newSex: activation.newPetSex ?? '',
    newBreedType: activation.newPetBreedType ?? '',
    practiceConfirmed: activation.practice !== null && activation.step !== 'selectDog',
    howDidYouHear: activation.howDidYouHear ?? '',
    agree: activation.agreedToResearch === null ? '' : activation.agreedToResearch ? 'yes' : 'no',
  };
}

/** Mounted under /members, behind requireUser. */
export function activationRoutes(db: Db): Router {
  const router = Router();

  router.use('/activate', (req, res, next) => {
    if (signedInUser(req).isReadOnly) return res.redirect(303, READ_ONLY_ACCOUNT_PAGE);
    next();
  });

  router.get('/activate', (req, res) => renderPage(db, req, res));

  /** Runs one step; success goes back to the page (at its next step), a refusal re-shows the form with the message. */
  const post = (path: string, step: ActivationStep | 'code', run: (req: Request) => Promise<{ petNum?: number | null; step?: string } | void>) =>
    router.post(`/activate/${path}`, async (req, res) => {
      try {
        const outcome = await run(req);
        if (outcome && outcome.step === 'done' && outcome.petNum) return res.redirect(303, `/members/results/summary?i=${outcome.petNum}`);
        res.redirect(303, '/members/activate');
      } catch (error) {
        if (!(error instanceof ActivationError)) throw error;
        await renderPage(db, req, res, { step, error, values: formValues(req.body) });
      }
    });

  post('code', 'code', (req) => lookUpCode(db, signedInUser(req), req.body?.boxKeyOrSwabCode));
  post('dog', 'selectDog', (req) => {
    const body = req.body ?? {};
    // a name typed under "New dog" with no dog chosen is the new dog
    const dog = text(body.dog) || (text(body.newName).trim() ? 'new' : '');
    return selectDog(db, signedInUser(req), body.boxKeyOrSwabCode, {
      petNum: dog && dog !== 'new' ? (positiveInt(dog) ?? -1) : null,
      newPet: dog === 'new' ? { name: text(body.newName), sex: text(body.newSex) || null, breedType: text(body.newBreedType) || null } : null,
      practiceId: body.practiceId === undefined ? null : (positiveInt(body.practiceId) ?? -1),
    });
  });
  post('heard', 'howDidYouHear', (req) => howDidYouHear(db, signedInUser(req), req.body?.boxKeyOrSwabCode, req.body?.howDidYouHear));
  post('research', 'contributeToResearch', (req) => {
    const agree = req.body?.agree;
    return contributeToResearch(db, signedInUser(req), req.body?.boxKeyOrSwabCode, agree === 'yes' ? true : agree === 'no' ? false : null);
  });
  post('confirm', 'activate', (req) => activateSwab(db, signedInUser(req), req.body?.boxKeyOrSwabCode));
  post('start-over', 'code', (req) => cancelActivation(db, signedInUser(req)));

  return router;
}
