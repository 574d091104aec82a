package main

import "github.com/persistmemory/persistmemory/bench/internal/locomodata"

// The LoCoMo file's conversations, read by bench/internal/locomodata.
type (
	Turn         = locomodata.Turn
	Session      = locomodata.Session
	Question     = locomodata.Question
	Conversation = locomodata.Conversation
)

// Categories of LoCoMo questions (locomodata.CatMultiHop, ...).
const (
	CatMultiHop    = locomodata.CatMultiHop
	CatTemporal    = locomodata.CatTemporal
	CatOpenDomain  = locomodata.CatOpenDomain
	CatSingleHop   = locomodata.CatSingleHop
	CatAdversarial = locomodata.CatAdversarial
	SessionLayout  = locomodata.SessionLayout
)

var (
	CategoryName     = locomodata.CategoryName
	Load             = locomodata.Load
	Parse            = locomodata.Parse
	NormID           = locomodata.NormID
	NormIDs          = locomodata.NormIDs
	ParseSessionTime = locomodata.ParseSessionTime
)
