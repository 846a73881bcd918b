import type { CatalogTrigger } from "../types";

const logo = "https://logos.integrations.example/slack.svg";

const channelProperties = {
  channel: {
    type: "string",
    title: "Channel ID",
    description: "ID of the channel to watch, e.g. C0123456789. Leave empty for every channel the bot is in.",
  },
};

export const slackTriggers: CatalogTrigger[] = [
  {
    name: "SLACK_RECEIVE_MESSAGE",
    display_name: "New Message",
    appKey: "slack",
    description: "Fires when a message is posted in a channel the app is a member of.",
    instructions:
      "1. Add the app to the channels to watch.\n2. Subscribe to the `message.channels` bot event.\n3. Optionally restrict to one channel.",
    type: "webhook",
    logo,
    config: { type: "object", title: "ReceiveMessageConfig", properties: channelProperties, required: [] },
    payload: {
      type: "message",
      channel: "C0123456789",
      user: "U0456789ABC",
      text: "Deploy finished :rocket:",
      ts: "1730714400.000200",
      team: "T0AAAAAAA",
    },
    enabled: true,
  },
  {
    name: "SLACK_RECEIVE_THREAD_REPLY",
    display_name: "New Thread Reply",
    appKey: "slack",
    description: "Fires when someone replies in a message thread.",
    instructions:
      "Subscribe to the `message.channels` bot event; only messages with a thread_ts are forwarded.",
    type: "webhook",
    logo,
    config: {
      type: "object",
      title: "ReceiveThreadReplyConfig",
      properties: channelProperties,
      required: [],
    },
    payload: {
      type: "message",
      channel: "C0123456789",
      user: "U0777777777",
      text: "Looks good to me",
      ts: "1730714466.000300",
      thread_ts: "1730714400.000200",
    },
    enabled: true,
  },
  {
    name: "SLACK_REACTION_ADDED",
    display_name: "Reaction Added",
    appKey: "slack",
    description: "Fires when an emoji reaction is added to a message.",
    instructions: "Subscribe to the `reaction_added` bot event and grant the reactions:read scope.",
    type: "webhook",
    logo,
    config: { type: "object", title: "ReactionAddedConfig", properties: channelProperties, required: [] },
    payload: {
      type: "reaction_added",
      user: "U0456789ABC",
      reaction: "thumbsup",
      item_user: "U0777777777",
      item: { type: "message", channel: "C0123456789", ts: "1730714400.000200" },
      event_ts: "1730714501.000400",
    },
    enabled: true,
  },
  {
    name: "SLACK_CHANNEL_CREATED",
    display_name: "Channel Created",
    appKey: "slack",
    description: "Fires when a new public channel is created in the workspace.",
    instructions: "Subscribe to the `channel_created` bot event and grant the channels:read scope.",
    type: "webhook",
    logo,
    config: { type: "object", title: "ChannelCreatedConfig", properties: {}, required: [] },
    payload: {
      type: "channel_created",
      channel: {
        id: "C0999999999",
        name: "incident-2024-11-04",
        created: 1730714600,
        creator: "U0456789ABC",
      },
    },
    enabled: true,
  },
  {
    name: "SLACK_USER_JOINED_CHANNEL",
    display_name: "User Joined Channel",
    appKey: "slack",
    description: "Fires when a user joins a channel.",
    instructions: "Subscribe to the `member_joined_channel` bot event. Optionally restrict to one channel.",
    type: "webhook",
    logo,
    config: { type: "object", title: "UserJoinedChannelConfig", properties: channelProperties, required: [] },
    payload: {
      type: "member_joined_channel",
      user: "U0888888888",
      channel: "C0123456789",
      channel_type: "C",
      team: "T0AAAAAAA",
    },
    enabled: false,
  },
];
