// Response shapes of the chat REST calls (spec 1 §7, spec 2 §3), shared with the chat widget.

export interface ChatPet {
  handle: string;
  name: string;
  petImageUrl: string | null;
}

export interface ChatPetWithLikeness extends ChatPet {
  /** Genetic likeness to the active user's dog, 0–100; null unless both dogs have comparable genotypes. */
  likenessScore: number | null;
}

export interface Conversation {
  /** NEW_CONVERSATION_ID (-1) for a chat started with ?to= that has no message yet. */
  conversation_id: number;
  participant_user_ids: number[];
  most_recent_message_snippet: string | null;
  /** The other owner's visible dogs. */
  toUserPets: ChatPet[];
  toUserName: string;
  subject: string;
  /** Messages the user sees (those after their own "delete conversation"). */
  num_messages: number;
  num_unread: number;
  /** A block exists between the two users, either way: nobody can send. */
  blocked: boolean;
  /** The user blocked the other (only they may unblock). */
  blockedByMe: boolean;
  /** The user's own dog in this conversation. */
  activeUserPet: ChatPet | null;
  /** The other owner's dog the conversation is about (none when it is hidden or gone), with its likeness to activeUserPet. */
  pets: ChatPetWithLikeness[];
  /** Latest message or read receipt; the widget reloads the open conversation when it moves. */
  lastActivityAt: string | null;
}

export interface PetDetails extends ChatPet {
  ownerName: string;
}

export interface GetConversationsResponse {
  conversations: Conversation[];
  /** The dog of ?to=, when given. */
  toPetDetails: PetDetails | null;
  /** The conversation ?to= opens (an existing one, or -1), else null. */
  openConversationId: number | null;
  /** The header badge's count, so the page updates it without another call. */
  numUnreadMessages: number;
}

export interface ReadStatus {
  userId: number;
  readAt: string;
}

export interface Message {
  id: number;
  body: string;
  createdByMe: boolean;
  createdAt: string;
  allReadStatuses: ReadStatus[];
}

export interface GetMessagesResponse {
  conversationId: number;
  messages: Message[];
  /** Picture of the dog the conversation is about (the other owner's), or null. */
  petImageUrl: string | null;
  numUnreadMessages: number;
}

export interface SendMessageResponse {
  sentMessage: Message;
  /** Present when the send turned conversation -1 into a real one. */
  startedConversation?: { conversationId: number };
}

export interface BlockResponse {
  conversationId: number;
  blocked: boolean;
  blockedByMe: boolean;
}

export interface DeleteConversationResponse {
  conversationId: number;
  deleted: true;
}

export interface ChatErrorResponse {
  error: string;
}

/** Props of the chat widget's marker on /members/messages and /members/chat. */
export interface ChatWidgetProps extends GetConversationsResponse {
  /** The handle of ?to=, kept for the widget's polls so the chat it opened stays listed. */
  to: string | null;
}
