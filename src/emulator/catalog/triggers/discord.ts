import type { CatalogTrigger } from "../types";

const logo = "https://logos.integrations.example/discord.svg";

const guildProperties = {
  guild_id: {
    type: "string",
    title: "Server ID",
    description: "ID (snowflake) of the Discord server the bot is in.",
  },
};

export const discordTriggers: CatalogTrigger[] = [
  {
    name: "DISCORD_NEW_MESSAGE_TRIGGER",
    display_name: "New Message",
    appKey: "discord",
    description: "Fires when a message is posted in a channel of the server.",
    instructions:
      "Invite the bot with the MESSAGE_CONTENT intent, then give the server ID and optionally a channel.",
    type: "webhook",
    logo,
    config: {
      type: "object",
      title: "NewMessageConfig",
      properties: {
        ...guildProperties,
        channel_id: { type: "string", title: "Channel ID", description: "Restrict to one channel." },
      },
      required: ["guild_id"],
    },
    payload: {
      id: "1303061871162327090",
      channel_id: "1120033225456123904",
      guild_id: "1120033224839544832",
      author: { id: "80351110224678912", username: "nelly" },
      content: "gg everyone",
      timestamp: "2024-11-04T12:00:00.000000+00:00",
    },
    enabled: true,
  },
  {
    name: "DISCORD_MEMBER_JOINED_TRIGGER",
    display_name: "Member Joined",
    appKey: "discord",
    description: "Fires when a user joins the server (GUILD_MEMBER_ADD).",
    instructions: "Enable the GUILD_MEMBERS privileged intent for the bot, then give the server ID.",
    type: "webhook",
    logo,
    config: {
      type: "object",
      title: "MemberJoinedConfig",
      properties: guildProperties,
      required: ["guild_id"],
    },
    payload: {
      guild_id: "1120033224839544832",
      user: { id: "1029384756102938475", username: "newcomer" },
      joined_at: "2024-11-04T12:05:00.000000+00:00",
      roles: [],
    },
    enabled: true,
  },
  {
    name: "DISCORD_REACTION_ADDED_TRIGGER",
    display_name: "Reaction Added",
    appKey: "discord",
    description: "Fires when a reaction is added to a message (MESSAGE_REACTION_ADD).",
    instructions: "Give the server ID; the bot needs the GUILD_MESSAGE_REACTIONS intent.",
    type: "webhook",
    logo,
    config: {
      type: "object",
      title: "ReactionAddedConfig",
      properties: guildProperties,
      required: ["guild_id"],
    },
    payload: {
      user_id: "80351110224678912",
      channel_id: "1120033225456123904",
      message_id: "1303061871162327090",
      guild_id: "1120033224839544832",
      emoji: { id: null, name: "🔥" },
    },
    enabled: true,
  },
  {
    name: "DISCORD_SCHEDULED_EVENT_CREATED_TRIGGER",
    display_name: "Scheduled Event Created",
    appKey: "discord",
    description: "Fires when a scheduled event is created in the server.",
    instructions: "Give the server ID; the bot needs the GUILD_SCHEDULED_EVENTS intent.",
    type: "webhook",
    logo,
    config: {
      type: "object",
      title: "ScheduledEventCreatedConfig",
      properties: guildProperties,
      required: ["guild_id"],
    },
    payload: {
      id: "1303070000000000000",
      guild_id: "1120033224839544832",
      name: "Community game night",
      scheduled_start_time: "2024-11-08T19:00:00+00:00",
      entity_type: 2,
      status: 1,
    },
    enabled: false,
  },
];
