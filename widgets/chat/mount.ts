// Marker: <div data-widget="chat" data-props='{"conversations":[…],"to":null,…}'> on /members/messages and /members/chat.
export { ChatApp as default } from './ChatApp';
export { parseChatProps as parseProps } from './state';
