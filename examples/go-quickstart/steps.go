package main

import (
	"encoding/json"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/pulumi/pulumi/sdk/v3/go/auto/events"
	"github.com/pulumi/pulumi/sdk/v3/go/common/apitype"
)

// step is one resource step of a command, from the engine's events: op, URN, changed keys and how it ended
// (for a refresh, "same", "update" for drift, or "delete" for gone, with the output keys that drifted).
type step struct {
	Op       string   `json:"op"`
	URN      string   `json:"urn"`
	Type     string   `json:"type"`
	Name     string   `json:"name"`
	Diffs    []string `json:"diffs"`
	Replaces []string `json:"replaces"`
	Result   string   `json:"result,omitempty"`
}

// stepRecorder reads the engine events of one command.
type stepRecorder struct {
	channel chan events.EngineEvent
	done    sync.WaitGroup
	steps   []step
}

func newStepRecorder() *stepRecorder {
	return &stepRecorder{}
}

// events is the channel to hand the command; the Automation API closes it when the command ends.
func (r *stepRecorder) events() chan<- events.EngineEvent {
	r.channel = make(chan events.EngineEvent)
	r.done.Add(1)
	go func() {
		defer r.done.Done()
		for event := range r.channel {
			r.record(event)
		}
	}()
	return r.channel
}

// finish waits for the last event and returns the steps. A command that failed before the engine started
// may never close the channel, so the wait is bounded.
func (r *stepRecorder) finish() []step {
	if r.channel != nil {
		drained := make(chan struct{})
		go func() { r.done.Wait(); close(drained) }()
		select {
		case <-drained:
		case <-time.After(10 * time.Second):
		}
	}
	if r.steps == nil {
		return []step{}
	}
	return r.steps
}

func (r *stepRecorder) record(event events.EngineEvent) {
	if pre := event.ResourcePreEvent; pre != nil && !isDefaultProvider(pre.Metadata) {
		r.steps = append(r.steps, step{
			Op:       string(pre.Metadata.Op),
			URN:      pre.Metadata.URN,
			Type:     pre.Metadata.Type,
			Name:     nameOf(pre.Metadata.URN),
			Diffs:    orEmpty(pre.Metadata.Diffs),
			Replaces: orEmpty(pre.Metadata.Keys),
		})
	}
	if outputs := event.ResOutputsEvent; outputs != nil {
		for i := len(r.steps) - 1; i >= 0; i-- {
			s := &r.steps[i]
			if s.URN != outputs.Metadata.URN || s.Result != "" {
				continue
			}
			s.Result = string(outputs.Metadata.Op)
			if s.Op == "refresh" {
				s.Diffs = changedKeys(outputs.Metadata.Old, outputs.Metadata.New)
			}
			break
		}
	}
}

func changedKeys(before, after *apitype.StepEventStateMetadata) []string {
	var old, updated map[string]any
	if before != nil {
		old = before.Outputs
	}
	if after != nil {
		updated = after.Outputs
	}
	keys := map[string]bool{}
	for key := range old {
		keys[key] = true
	}
	for key := range updated {
		keys[key] = true
	}
	changed := []string{}
	for key := range keys {
		a, _ := json.Marshal(old[key])
		b, _ := json.Marshal(updated[key])
		if string(a) != string(b) {
			changed = append(changed, key)
		}
	}
	sort.Strings(changed)
	return changed
}

func isDefaultProvider(metadata apitype.StepEventMetadata) bool {
	return strings.HasPrefix(metadata.Type, "pulumi:providers:") && strings.HasPrefix(nameOf(metadata.URN), "default")
}

func nameOf(urn string) string {
	return urn[strings.LastIndex(urn, "::")+2:]
}

func orEmpty(values []string) []string {
	if values == nil {
		return []string{}
	}
	return values
}
