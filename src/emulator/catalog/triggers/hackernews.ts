import type { CatalogTrigger } from "../types";

const logo = "https://logos.integrations.example/hackernews.svg";

const interval = {
  type: "integer",
  title: "Interval",
  description: "Minutes between two polls.",
  default: 10,
  minimum: 1,
};

const sampleStory = {
  id: 42046023,
  type: "story",
  by: "pg",
  title: "Show HN: A tiny TypeScript emulator for REST APIs",
  url: "https://example.com/emulator",
  score: 187,
  descendants: 64,
  time: 1730718000,
};

export const hackernewsTriggers: CatalogTrigger[] = [
  {
    name: "HACKERNEWS_NEW_TOP_STORY",
    display_name: "New Top Story",
    appKey: "hackernews",
    description: "Fires when a story enters the top stories list.",
    instructions: "Optionally set a minimum score; /v0/topstories.json is polled.",
    type: "poll",
    logo,
    config: {
      type: "object",
      title: "NewTopStoryConfig",
      properties: {
        interval,
        minScore: {
          type: "integer",
          title: "Minimum Score",
          description: "Ignore stories below this score.",
          default: 0,
        },
      },
      required: [],
    },
    payload: sampleStory,
    enabled: true,
  },
  {
    name: "HACKERNEWS_NEW_SHOW_HN",
    display_name: "New Show HN",
    appKey: "hackernews",
    description: "Fires for each new Show HN post.",
    instructions: "No configuration needed; /v0/showstories.json is polled.",
    type: "poll",
    logo,
    config: { type: "object", title: "NewShowHnConfig", properties: { interval }, required: [] },
    payload: sampleStory,
    enabled: true,
  },
  {
    name: "HACKERNEWS_NEW_ASK_HN",
    display_name: "New Ask HN",
    appKey: "hackernews",
    description: "Fires for each new Ask HN post.",
    instructions: "No configuration needed; /v0/askstories.json is polled.",
    type: "poll",
    logo,
    config: { type: "object", title: "NewAskHnConfig", properties: { interval }, required: [] },
    payload: {
      id: 42046555,
      type: "story",
      by: "throwaway_dev",
      title: "Ask HN: How do you test infrastructure code?",
      text: "We use Pulumi and want fast feedback without touching the cloud...",
      score: 52,
      time: 1730719000,
    },
    enabled: true,
  },
  {
    name: "HACKERNEWS_NEW_COMMENT_ON_ITEM",
    display_name: "New Comment on Item",
    appKey: "hackernews",
    description: "Fires when a new comment is posted under a given story.",
    instructions: "Give the item ID (the number in news.ycombinator.com/item?id=...).",
    type: "poll",
    logo,
    config: {
      type: "object",
      title: "NewCommentOnItemConfig",
      properties: {
        itemId: { type: "integer", title: "Item ID", description: "ID of the story to watch." },
        interval,
      },
      required: ["itemId"],
    },
    payload: {
      id: 42046789,
      type: "comment",
      by: "dang",
      parent: 42046023,
      text: "Please keep the discussion on topic.",
      time: 1730719500,
    },
    enabled: true,
  },
];
