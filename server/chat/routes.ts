// Chat routes (spec 1 §7 REST, spec 2 §2 pages), mounted at /members before the members guard,
// so the JSON calls answer signed-out callers with JSON whatever their Accept header says.
import { Router, type ErrorRequestHandler, type Request, type RequestHandler } from 'express';
import type { Db } from '../db/index.js';
import { logger } from '../logging/logger.js';
import { requireUser, signedInUser } from '../auth/guards.js';
import { HttpError } from '../http/http-error.js';
import { guardImpersonatedGetWrite } from '../impersonation/guard.js';
import { requireCsrfHeader } from '../security/csrf.js';
import { INTERACTION_FROM_SAMPLE_DEPRECATED, INTERNAL_SERVER_ERROR, INVALID_ARGUMENTS, NOT_AUTHORIZED, PLEASE_LOG_IN } from '../shared/messages.js';
import { isCrossSite } from '../http/cross-site.js';
import { countUnreadMessages } from './unread.js';
import { conversationsFor } from './conversations.js';
import { conversationPetImageUrl, findParticipation, listMessages } from './queries.js';
import { assertParticipant, blockConversation, clearConversation, markConversationRead, sendMessage, unblockConversation } from './mutations.js';
import { messageBodyError, NEW_CONVERSATION_ID, parseConversationId, parseSendConversationId } from '../shared/chat-rules.js';
import { resolveChatTarget } from './target.js';
import { chatPage } from './page.js';
import type { DeleteConversationResponse, GetMessagesResponse } from '../shared/chat-types.js';
import type { ChatEvents } from './events.js';

const requireChatUser: RequestHandler = (req, res, next) => {
  if (req.currentUser) return next();
  res.status(401).json({ error: PLEASE_LOG_IN });
};

const noStore: RequestHandler = (_req, res, next) => {
  res.set('Cache-Control', 'no-store');
  next();
};

function conversationIdParam(req: Request): number {
  const id = parseConversationId(req.params.conversationId);
  if (id === null) throw new HttpError(400, INVALID_ARGUMENTS);
  return id;
}

function conversationIdField(req: Request): number {
  const id = parseConversationId(req.body?.conversationId);
  if (id === null) throw new HttpError(400, INVALID_ARGUMENTS);
  return id;
}

/** The JSON calls, mounted at /members/chat before the shell: they show no header, so they read no counts for one. */
export function chatApiRoutes(db: Db, events: ChatEvents): Router {
  const router = Router();
  router.use(requireChatUser, noStore);

  router.get('/events', eventStream(events));

  router.get('/get-conversations', async (req, res) => {
    const user = signedInUser(req);
    const target = await resolveChatTarget(db, user, req.query.to);
    res.json(await conversationsFor(db, user.id, target));
  });

  router.get('/get-messages/:conversationId', async (req, res) => {
    const user = signedInUser(req);
    const conversationId = conversationIdParam(req);
    // reading marks the conversation read: not for a link or script on another site
    if (isCrossSite(req)) throw new HttpError(403, NOT_AUTHORIZED);
    await assertParticipant(db, conversationId, user.id);
    // Staff acting as the user look without marking anything read for them.
    if (!req.impersonator) await markConversationRead(db, conversationId, user.id);
    const participation = await findParticipation(db, conversationId, user.id);
    const [messages, petImageUrl, numUnreadMessages] = await Promise.all([
      listMessages(db, conversationId, user.id, participation?.clearedAt ?? null),
      conversationPetImageUrl(db, conversationId, user.id),
      countUnreadMessages(db, user.id),
    ]);
    const response: GetMessagesResponse = { conversationId, messages, petImageUrl, numUnreadMessages };
    res.json(response);
  });

  router.post('/send-message', async (req, res) => {
    const user = signedInUser(req);
    // spec 1 §8: an old client starting the chat from a sample (swab) is told so, whatever else it sent
    if (req.body?.startNewConversationFromSample !== undefined) throw new HttpError(410, INTERACTION_FROM_SAMPLE_DEPRECATED);
    const bodyError = messageBodyError(req.body?.body);
    if (bodyError) throw new HttpError(400, bodyError);
    const conversationId = parseSendConversationId(req.body?.conversationId);
    if (conversationId === null) throw new HttpError(400, INVALID_ARGUMENTS);
    const rawTo = req.body?.startNewConversationTo;
    if (conversationId === NEW_CONVERSATION_ID && (typeof rawTo !== 'string' || rawTo === '')) throw new HttpError(400, INVALID_ARGUMENTS);
    const target = conversationId === NEW_CONVERSATION_ID ? await resolveChatTarget(db, user, rawTo) : null;
    const body = (req.body.body as string).trim();
    res.json(await sendMessage(db, user, { conversationId, body, toPet: target }));
  });

  router.get(
    '/delete-messages-in-conversation/:conversationId',
    // The spec puts deletion behind a GET; a link from another site must not delete anything.
    requireCsrfHeader,
    guardImpersonatedGetWrite(db, 'chat: delete conversation'),
    async (req, res) => {
      const conversationId = conversationIdParam(req);
      await clearConversation(db, conversationId, signedInUser(req).id);
      const response: DeleteConversationResponse = { conversationId, deleted: true };
      res.json(response);
    },
  );

  router.put('/block', async (req, res) => {
    res.json(await blockConversation(db, conversationIdField(req), signedInUser(req).id));
  });

  router.delete('/block', async (req, res) => {
    res.json(await unblockConversation(db, conversationIdField(req), signedInUser(req).id));
  });

  router.use(jsonErrors);
  return router;
}

/** Errors of the JSON calls are always `{ error }`, with the spec's strings. */
const jsonErrors: ErrorRequestHandler = (error, req, res, _next) => {
  const known = error instanceof HttpError;
  const status = known ? error.status : 500;
  if (status >= 500) logger.error({ err: error, reqId: req.id }, 'chat call failed');
  res.status(status).json({ error: known ? error.message : INTERNAL_SERVER_ERROR });
};

/** Mounted at /members: the Messages pages (spec 2 §2); the chat calls (spec 1 §7) are chatApiRoutes. */
export function chatRoutes(db: Db): Router {
  const router = Router();
  router.get(['/messages', '/chat'], requireUser, chatPage(db));
  return router;
}

/** Server-sent events keep a quiet connection open; proxies drop silent ones after a minute or so. */
const HEARTBEAT_MS = 25_000;

/**
 * GET /members/chat/events: a server-sent event stream with one `chat` event (data
 * `{ conversationId }`) each time one of the user's conversations changes. The inbox then reloads
 * what it shows, through the usual calls; it polls only while this stream is down.
 */
function eventStream(events: ChatEvents): RequestHandler {
  return async (req, res) => {
    const userId = signedInUser(req).id;
    // While the app's listening connection is lost the stream opens only once it is back (the
    // browser waits, its inbox polls): the browser may have left by then.
    let left = false;
    const leaving = () => (left = true);
    res.once('close', leaving);
    const unsubscribe = await events.subscribe(userId, ({ conversationId }) => {
      res.write(`event: chat\ndata: ${JSON.stringify({ conversationId })}\n\n`);
    });
    res.off('close', leaving);
    if (left) return unsubscribe();
    res.writeHead(200, { 'Content-Type': 'text/event-stream; charset=utf-8', 'Cache-Control': 'no-store', 'X-Accel-Buffering': 'no' });
    res.write('retry: 2000\n\n');
    const heartbeat = setInterval(() => res.write(': keep-alive\n\n'), HEARTBEAT_MS);
    const stopOnClose = events.onClose(() => res.end());
    res.on('close', () => {
      clearInterval(heartbeat);
      stopOnClose();
      unsubscribe();
    });
  };
}
