package online

import (
	"encoding/json"
	"sync"
)

// MemStore keeps values as JSON in memory, like browser storage does; the
// native twin of go-app's LocalStorage in tests and tools.
type MemStore struct {
	mu   sync.Mutex
	data map[string][]byte
}

// Get decodes the value at key into v; a missing key leaves v alone.
func (m *MemStore) Get(key string, v any) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	data, ok := m.data[key]
	if !ok {
		return nil
	}
	return json.Unmarshal(data, v)
}

// Set stores v as JSON.
func (m *MemStore) Set(key string, v any) error {
	data, err := json.Marshal(v)
	if err != nil {
		return err
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.data == nil {
		m.data = map[string][]byte{}
	}
	m.data[key] = data
	return nil
}

// Del removes a key.
func (m *MemStore) Del(key string) {
	m.mu.Lock()
	defer m.mu.Unlock()
	delete(m.data, key)
}

// SetRaw stores bytes as they are, to test corrupt saves.
func (m *MemStore) SetRaw(key string, data []byte) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.data == nil {
		m.data = map[string][]byte{}
	}
	m.data[key] = data
}
