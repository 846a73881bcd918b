import type { CatalogTrigger } from "../types";

const logo = "https://logos.integrations.example/trello.svg";

const boardProperties = {
  board_id: {
    type: "string",
    title: "Board ID",
    description: "ID or short link of the board, e.g. 5abbe4b7ddc1b351ef961414 or nC8QJJoZ.",
  },
};

export const trelloTriggers: CatalogTrigger[] = [
  {
    name: "TRELLO_NEW_CARD_TRIGGER",
    display_name: "New Card",
    appKey: "trello",
    description: "Fires when a card is created on the board.",
    instructions: "Give the board ID. A Trello webhook on the board forwards `createCard` actions.",
    type: "webhook",
    logo,
    config: { type: "object", title: "NewCardConfig", properties: boardProperties, required: ["board_id"] },
    payload: {
      action: {
        id: "672891a0c1f2e3d4b5a69788",
        type: "createCard",
        date: "2024-11-04T12:10:00.000Z",
        data: {
          card: { id: "672891a0c1f2e3d4b5a69789", name: "Write release notes", shortLink: "aB3dE5fG" },
          list: { id: "5abbe4b7ddc1b351ef961415", name: "To Do" },
          board: { id: "5abbe4b7ddc1b351ef961414", name: "Release 2.4" },
        },
        memberCreator: { username: "barbaraliskov" },
      },
    },
    enabled: true,
  },
  {
    name: "TRELLO_CARD_MOVED_TRIGGER",
    display_name: "Card Moved to List",
    appKey: "trello",
    description: "Fires when a card moves from one list to another.",
    instructions: "Give the board ID and optionally the destination list.",
    type: "webhook",
    logo,
    config: {
      type: "object",
      title: "CardMovedConfig",
      properties: {
        ...boardProperties,
        list_id: {
          type: "string",
          title: "Destination List ID",
          description: "Only moves into this list fire.",
        },
      },
      required: ["board_id"],
    },
    payload: {
      action: {
        type: "updateCard",
        data: {
          card: { id: "672891a0c1f2e3d4b5a69789", name: "Write release notes" },
          listBefore: { name: "To Do" },
          listAfter: { name: "Done" },
        },
      },
    },
    enabled: true,
  },
  {
    name: "TRELLO_NEW_COMMENT_TRIGGER",
    display_name: "New Comment on Card",
    appKey: "trello",
    description: "Fires when a comment is added to a card of the board.",
    instructions: "Give the board ID. `commentCard` actions are forwarded.",
    type: "webhook",
    logo,
    config: {
      type: "object",
      title: "NewCommentConfig",
      properties: boardProperties,
      required: ["board_id"],
    },
    payload: {
      action: {
        type: "commentCard",
        data: { text: "Draft is in the shared folder.", card: { name: "Write release notes" } },
        memberCreator: { username: "barbaraliskov" },
      },
    },
    enabled: true,
  },
  {
    name: "TRELLO_NEW_BOARD_TRIGGER",
    display_name: "New Board",
    appKey: "trello",
    description: "Polls the member's boards and fires for each new one.",
    instructions: "No configuration needed; boards the connected member belongs to are checked.",
    type: "poll",
    logo,
    config: {
      type: "object",
      title: "NewBoardConfig",
      properties: {
        interval: {
          type: "integer",
          title: "Interval",
          description: "Minutes between two polls.",
          default: 15,
        },
      },
      required: [],
    },
    payload: {
      id: "672892b1d2e3f4a5b6c7d8e9",
      name: "Q1 Roadmap",
      url: "https://trello.com/b/xY7zW1vU/q1-roadmap",
      idOrganization: "5abbe4b7ddc1b351ef961400",
    },
    enabled: true,
  },
];
