#pragma once

#include <QList>
#include <QString>
#include <QStringList>
#include <QVariantMap>

#include <optional>

namespace model {

class SpecDb;
struct LessonStep;

// What a student answers: a point on the roofline chart (intensity x performance), a number
// with a unit, or one of a few choices.
enum class AnswerType { Point, Number, Choice };
QString answerTypeName(AnswerType t); // "point", "number", "choice"
std::optional<AnswerType> parseAnswerType(const QString &name);

// A question a lesson step asks before it shows the answer ("predict, then reveal"). The
// question is the lesson's text; the truth is never written in the lesson: `truth` names what
// the app computes (a workload's attainable point, a ridge, the occupancy calculator's blocks or
// limiter) or measured (a point of the step's results file), so a caption's slip cannot become
// a wrong answer.
//
// truth (the step's effective state supplies the GPU, workloads, occupancy and results):
//   "workload:<label>"  point   the workload's (intensity, attainable FLOP/s) on the step's GPU
//   "bound:<label>"     choice  "memory" or "compute" for that workload
//   "ridge:<precision>" number  FLOP/B where HBM meets that ceiling
//   "result:<kernel>"   point   the kernel's measured point in the step's results file
//   "blocks_per_sm", "warps_per_sm", "occupancy"  number  the occupancy calculator's answer
//   "limiter"           choice  what stops more blocks: registers, shared memory, warps, blocks
struct Exercise
{
    QString questionEn;
    QString questionZh;
    AnswerType answer = AnswerType::Point;
    QString truth;
    QString question(const QString &language) const;
};

// A student's answer: x, y for a point (FLOP/B, FLOP/s), value for a number, choice's index.
struct Guess
{
    double x = 0;
    double y = 0;
    double value = 0;
    int choice = -1;
};

// The right answer, computed for one step, with what the app says about it.
struct ExerciseTruth
{
    AnswerType answer = AnswerType::Point;
    double x = 0, y = 0;   // point: FLOP/B, FLOP/s
    double value = 0;      // number
    QString unit;          // number: "FLOP/B", "blocks/SM", "warps/SM", "%"
    bool logScale = true;  // number: the error is a factor (a log quantity) rather than a difference
    int decimals = 2;      // number: what a guess is typed to (blocks and warps are whole)
    QStringList choices;   // choice: stable names ("memory", "compute"; limiter names)
    int choice = -1;       // choice: the right one
    QString explanation;   // the app's own explanation of the answer (translated)
    bool measured = false; // point: a measured result, not the model's prediction
    // A measured point: the run it comes from (kernel, parameters, data type), so that it can be
    // measured again live on a GPU at hand.
    QString kernel;
    QVariantMap params;
    QString dtype;
    // Ranges a point or number guess must fall in (a chart's or a field's extent).
    double xMin = 0, xMax = 0, yMin = 0, yMax = 0, valueMin = 0, valueMax = 0;
};

// How far a guess is from the truth, in the form that fits the question.
struct GuessError
{
    bool valid = false;    // false: the guess is out of range or of the wrong kind
    double factor = 1;     // point and log numbers: max(guess/truth, truth/guess) >= 1 (2-D: both axes)
    double difference = 0; // linear numbers: guess - truth, in the truth's unit
    bool right = false;    // choice: the right one; point/number: within 10 % (factor <= 1.1)
    double distance = 0;   // for ranking guesses: log10 factor, |difference|, or 0/1
    QString text;          // "2.3× too high", "+1 blocks/SM", "right", translated
};

// What the screen would give away before an exercise's reveal: the chart point of its workload
// or measured kernel, the label of its ridge, or the occupancy calculator's result. The lesson
// step keeps them covered until the exercise is revealed.
struct ExerciseCover
{
    QString subject;        // a workload's label or a measured kernel's name (a chart point's subject)
    QString ridge;          // a precision whose ridge label stays hidden
    bool occupancy = false; // the occupancy calculator's result
    // A prediction asked for beside the step's measured results (a workload's point or bound):
    // those measurements show where it landed, so they wait for the reveal too.
    bool measured = false;
};

namespace exercises {

ExerciseCover coverOf(const Exercise &e);

const QStringList &limiterChoices(); // "registers", "shared_memory", "warps", "blocks"
const QStringList &boundChoices();   // "memory", "compute"
// The translated label of a choice name.
QString choiceLabel(const QString &name);

// Checks `truth` against the answer type and the step's effective state; empty when fine,
// else the reason, with the field at fault ("truth" or "answer") in *field.
QString check(const Exercise &e, const LessonStep &effective, QString *field = nullptr);

// The truth for the step's effective state; nullopt and a message when it cannot be computed
// (an unknown GPU, a results file that does not load). resourceDir resolves the results file.
std::optional<ExerciseTruth> truth(const Exercise &e, const LessonStep &effective, const SpecDb &db,
                                   const QString &resourceDir, QString *error);

// The error of a guess; invalid when the guess is not a finite value in the truth's range.
GuessError grade(const ExerciseTruth &t, const Guess &g);

// The truth as a line ("(683 FLOP/B, 51.4 TFLOP/s)", "3 blocks/SM", "shared memory").
QString truthText(const ExerciseTruth &t);
QString guessText(const ExerciseTruth &t, const Guess &g);

// The median guess: per axis (geometric, on log axes) for points, of values for numbers,
// the most chosen for choices. nullopt for no guesses.
std::optional<Guess> median(const ExerciseTruth &t, const QList<Guess> &guesses);

} // namespace exercises
} // namespace model
