import type { RequestHandler } from 'express';
import type { Db } from '../db/index.js';
import { signedInUser } from '../auth/guards.js';
import { HttpError } from '../http/http-error.js';
import { CHAT_NO_CONVERSATIONS } from '../shared/messages.js';
import { conversationsFor } from './conversations.js';
import { resolveChatTarget } from './target.js';
import { parseConversationId } from '../shared/chat-rules.js';
import type { ChatWidgetProps } from '../shared/chat-types.js';
import type { ChatPetRow } from './queries.js';

/**
 * /members/messages and /members/chat: the inbox, rendered on the server (useful before the
 * widget loads) and handed to the chat widget as props. ?to={handle} opens or starts a chat with
 * that dog's owner; a handle that names no visible dog, or one's own dog, shows the error.
 * ?conversation={id} opens one of the user's conversations (the chat e-mail's link).
 */
export function chatPage(db: Db): RequestHandler {
  return async (req, res) => {
    const user = signedInUser(req);
    let target: ChatPetRow | null = null;
    let error: string | null = null;
    try {
      target = await resolveChatTarget(db, user, req.query.to);
    } catch (failure) {
      if (!(failure instanceof HttpError)) throw failure;
      error = failure.message;
      res.status(failure.status);
    }
    const data = await conversationsFor(db, user.id, target, req.shellCounts?.numUnreadMessages);
    // the chat e-mail links its conversation (issue 36 §16); an id not in the user's list opens the inbox
    const linked = parseConversationId(req.query.conversation);
    const openConversationId = data.openConversationId ?? (data.conversations.some((c) => c.conversation_id === linked) ? linked : null);
    const props: ChatWidgetProps = { ...data, openConversationId, to: target?.handle ?? null };
    res.render('members/messages', { title: 'Messages', heading: 'Messages', error, props, conversations: data.conversations, noConversations: CHAT_NO_CONVERSATIONS });
  };
}
