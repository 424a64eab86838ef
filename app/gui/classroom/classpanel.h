#pragma once

#include "chart/chartdata.h"
#include "classroom/classrecord.h"
#include "exercise.h"
#include "resultset.h"

#include <QHash>
#include <QList>
#include <QPointer>
#include <QSet>
#include <QWidget>

#include <functional>
#include <optional>

class ClassServer;
class WorkerClient;
class LessonPlayer;
class PanelHost;
class QAction;
class QCheckBox;
class QComboBox;
class QDockWidget;
class QDoubleSpinBox;
class QLabel;
class QMenu;
class QPushButton;
class QStackedWidget;
class QToolButton;

// Predict, then reveal: the exercises of the lesson step being played, and class mode.
//
// The teacher (or a student at the app) places a guess: a point (intensity, performance), a
// number or a choice; Reveal shows the truth the app computes (model::exercises::truth), the
// guess, the error in the form that fits the question and the app's explanation, and draws
// truth and guess on the chart. With class mode on, every phone on the class page
// (ClassServer) is asked the same question; the panel shows the address, its QR code and how
// many have answered, and Reveal draws every guess as a cloud beside the truth with the class
// median and the closest guesses named (or numbered: "anonymous"). The answers can be saved
// (ClassRecord) and exported as CSV.
class ClassPanel : public QWidget
{
    Q_OBJECT

public:
    static constexpr int kClosestNamed = 3;

    // presenting: checked while presentation mode has the screen (the panel's dock then stays hidden).
    ClassPanel(PanelHost *host, LessonPlayer *player, QAction *presenting, QWidget *parent = nullptr);
    ~ClassPanel() override;

    QDockWidget *dock() const { return m_dock; }
    // What the projector shows of the exercise in presentation mode, where the dock is hidden:
    // the question's number, the guess (typed, picked, or placed by a click on the chart),
    // Reveal and the result; with class mode on, the QR code, the address and how many have
    // joined and answered instead of the guess. Made with the panel; hidden on a step without
    // exercises while no class runs. Presentation mode places it.
    QWidget *projectorStrip() const { return m_strip; }
    QAction *classModeAction() const { return m_classAction; }
    // The Lesson menu's entries: class mode, save and export of the answers.
    void addMenuActions(QMenu *lessonMenu);

    int exerciseCount() const { return int(m_exercises.size()); }
    int exerciseIndex() const { return m_index; }
    void setExerciseIndex(int index);
    const model::Exercise *exercise() const;
    // The current exercise's truth (computed once per exercise); nullopt with a message shown.
    std::optional<model::ExerciseTruth> truth();

    void setGuess(const model::Guess &guess); // into the fields; the guess counts as placed
    model::Guess guess() const;               // from the fields
    bool isGuessPlaced() const { return m_guessPlaced; }
    // A click on the chart at (FLOP/B, FLOP/s): the guess of a point question.
    void placeGuessAt(const QPointF &point);
    void reveal();
    bool isRevealed() const { return m_revealed; }
    // Every question of the step revealed at once from the step's own answers (no live run, no
    // guess): the step as written, for reviewing after class, a handout or a screenshot.
    void revealAll();
    // Live answers: a measured answer is measured again, when the Runs panel has a GPU (this
    // computer's or a host's), through its worker; `device` names that GPU, empty while there is
    // none (the step's sample results answer). Reveal then waits for the run.
    static constexpr int kLiveSamples = 10;
    void setLiveRuns(WorkerClient *worker, std::function<QString()> device);
    bool isMeasuring() const { return !m_liveRequest.isEmpty(); }
    // Predict, then reveal: what the step keeps covered (its answers' points and ridge labels,
    // the occupancy result, the caption that explains them) until each exercise is revealed.
    bool isCovering() const;
    QString resultText() const; // what the panel says after Reveal (plain text)

    // Class mode.
    bool startClass(QString *error = nullptr, quint16 port = 0);
    void stopClass();
    // A language switch makes a new window: the class goes on in it. The running server (its
    // port and code, the phones, their answers), the exercise, a reveal already made and the
    // session's record move from `old` to this panel; the phones stay connected and keep their
    // answers. Nothing happens when `old` has no class running.
    void adopt(ClassPanel *old);
    // The dock when the step has exercises or a class is running (after presentation mode,
    // which keeps it hidden).
    void showDockIfNeeded();
    // Before the window's lesson closes for a new window: this panel stops following the
    // lesson, so the closing clears neither the question nor its answers.
    void prepareHandOver();
    ClassServer *server() const { return m_server; }
    QString classAddress() const; // the page's URL as shown
    void setAnonymous(bool anonymous);
    const ClassRecord &record() const { return m_record; }
    // Milliseconds the last reveal took to grade every answer and draw the cloud.
    double lastRevealMs() const { return m_revealMs; }

    static QString chartGroup(); // the chart's group of the guesses, truth and median

signals:
    void revealedNow();

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    void buildUi();
    void onStep();
    void showExercise();
    void askClass();
    void updateCounts();
    void drawReveal(const model::ExerciseTruth &t);
    void finishReveal(); // with m_truth as it stands (live or from the samples)
    void liveFinished(bool ok, const QString &message);
    void cancelLive();
    void showResult();
    void showDock();
    void showClassOn(); // the address, its QR code and the class controls, for a running server
    void buildStrip();
    void showStripExercise(); // the strip's question number, guess input and result
    void syncStripGuess();    // the strip's input from the dock's fields
    void fitStripWidth();
    void guessEdited(); // a field changed by the user: the guess is placed and drawn
    void drawGuess();
    ChartPoint guessPoint() const; // the guess in the fields, as the chart draws it
    void applyCover();
    // The calculator's full working answers a question the step has still to ask (lesson 4:
    // the limiter's steps give the warps): it waits for the last such question.
    bool explanationWaits() const;
    QString coverText() const;
    void followServer(); // the counts follow m_server's clients and answers
    void saveAnswers();
    void exportCsv();
    QString language() const;

    PanelHost *m_host;
    LessonPlayer *m_player;
    QAction *m_presenting;
    ClassServer *m_server = nullptr;
    ClassRecord m_record;
    QList<model::Exercise> m_exercises;
    int m_index = -1;
    int m_askId = 0;
    QString m_askedKey; // lesson/step/exercise of the question the server is asking
    std::optional<model::ExerciseTruth> m_truth;
    QString m_truthError;
    bool m_revealed = false;
    bool m_guessPlaced = false;
    QPointer<WorkerClient> m_worker;
    std::function<QString()> m_liveDevice;
    QString m_liveRequest; // the worker's request id while a live run measures the answer
    QString m_liveOn;      // the GPU it runs on
    std::optional<model::Measurement> m_liveMeasurement;
    QString m_liveError;
    bool m_revealingAll = false; // the step's own answers: no live run, no guess graded
    bool m_filling = false;      // the fields set by the panel, not the user
    QSet<int> m_revealedSet;     // the step's exercises revealed so far
    // Without a class: what each revealed question said (answer, guess, error), shown again
    // when the teacher steps back to it.
    QHash<int, QStringList> m_revealedText;
    QStringList m_resultHead; // answer, guess, error
    QStringList m_summary;    // the class's answers
    double m_revealMs = 0;

    QDockWidget *m_dock = nullptr;
    QAction *m_classAction = nullptr;
    QAction *m_revealAllAction = nullptr;
    QAction *m_saveAction = nullptr;
    QAction *m_csvAction = nullptr;
    QLabel *m_counter = nullptr;
    QLabel *m_question = nullptr;
    QToolButton *m_prevEx = nullptr;
    QToolButton *m_nextEx = nullptr;
    QStackedWidget *m_inputs = nullptr;
    QDoubleSpinBox *m_ai = nullptr;
    QDoubleSpinBox *m_perf = nullptr; // TFLOP/s
    QDoubleSpinBox *m_number = nullptr;
    QComboBox *m_choice = nullptr;
    QPushButton *m_reveal = nullptr;
    QLabel *m_result = nullptr;
    QWidget *m_classBox = nullptr;
    QLabel *m_address = nullptr;
    QLabel *m_qr = nullptr;
    QLabel *m_answered = nullptr;
    QCheckBox *m_anonymous = nullptr;
    // In the presentation banner, which owns it once placed and may go first as the window closes.
    QPointer<QWidget> m_strip;
    QPointer<QLabel> m_stripQr;
    QPointer<QLabel> m_stripAddress;
    QPointer<QLabel> m_stripCounts;
    QPointer<QWidget> m_stripClass;
    QPointer<QWidget> m_stripExercise;
    QPointer<QLabel> m_stripCounter;
    QPointer<QPushButton> m_stripPrev;
    QPointer<QPushButton> m_stripNext;
    QPointer<QStackedWidget> m_stripInputs;
    QPointer<QLabel> m_stripPoint;
    QPointer<QDoubleSpinBox> m_stripNumber;
    QPointer<QWidget> m_stripChoices;
    QPointer<QLabel> m_stripResult;
    QLabel *m_empty = nullptr;
};
