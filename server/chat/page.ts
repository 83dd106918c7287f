import type { RequestHandler } from 'express';
import type { Db } from '../db/index.js';
import { HttpError, signedInUser } from '../auth/guards.js';
import { CHAT_NO_CONVERSATIONS } from '../shared/messages.js';
import { conversationsFor } from './conversations.js';
import { resolveChatTarget } from './target.js';
import type { ChatWidgetProps } from './types.js';
import type { ChatPetRow } from './queries.js';

/**
 * /members/messages and /members/chat: the inbox, rendered on the server (useful before the
 * widget loads) and handed to the chat widget as props. ?to={handle} opens or starts a chat with
 * that dog's owner; a handle that names no visible dog, or one's own dog, shows the error.
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
    const props: ChatWidgetProps = { ...data, to: target?.handle ?? null };
    res.render('members/messages', { title: 'Messages', heading: 'Messages', error, props, conversations: data.conversations, noConversations: CHAT_NO_CONVERSATIONS });
  };
}
