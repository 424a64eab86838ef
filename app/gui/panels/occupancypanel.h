#pragma once

#include "gpu.h"
#include "occupancy.h"

#include <QPointer>
#include <QWidget>

#include <optional>

class OccupancyGraph;
class QBoxLayout;
class QGridLayout;
class QComboBox;
class QLabel;
class QListWidget;
class QPushButton;
class QSlider;
class QSpinBox;
class QStackedWidget;
class QTableWidget;

// The occupancy calculator: threads, registers, shared memory and carveout in; blocks per
// SM, warps, occupancy, the binding limit, the hand calculation and three sweeps out. All
// numbers come from model::Occupancy (cuda_occupancy.h); this is only the form around it.
// A standalone widget: the main window gives it a GPU with setGpu().
class OccupancyPanel : public QWidget
{
    Q_OBJECT

public:
    enum class Sweep { Threads, Registers, SharedMemory };

    explicit OccupancyPanel(QWidget *parent = nullptr);

    void setGpu(const model::Gpu &gpu);
    const model::Gpu &gpu() const { return m_gpu; }

    // The form as a user fills it; every setter recomputes at once.
    void setInput(const model::OccupancyInput &in);
    model::OccupancyInput input() const;
    void setThreads(int threads);
    void setRegisters(int registers);
    void setCarveout(int carveout); // model::CarveoutDefault, CarveoutMaxL1, CarveoutMaxShared or 0..100

    // Predict, then reveal: while a lesson's exercise asks for the calculator's answer, the
    // result, the steps by hand and the sweeps give way to a note; the launch stays editable.
    void setResultCovered(bool covered);
    bool isResultCovered() const { return m_covered; }

    // ---- state for tests and other code
    const model::OccupancyResult &result() const { return m_result; }
    model::BlockSizeSuggestion suggestion() const { return m_suggestion; }
    QString headline() const;                  // "2 blocks/SM · 8 warps · 12.5 %"
    model::Limiter highlightedLimiter() const; // the row shown bold in the limit table
    QStringList stepTexts() const;
    OccupancyGraph *graph(Sweep which) const;
    std::optional<QPointF> markerPosition(Sweep which) const; // (x as swept, occupancy 0..1)
    QSpinBox *threadsSpin() const { return m_threads; }
    QSpinBox *registersSpin() const { return m_registers; }
    QSpinBox *smemSpin() const { return m_smem; }
    QSlider *registersSlider() const { return m_registersSlider; }

signals:
    // After every recomputation (input or GPU changed).
    void resultChanged();

protected:
    // A new font (presentation mode scales it): the limit table's rows and items follow.
    void changeEvent(QEvent *event) override;
    bool event(QEvent *event) override;
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    void arrange(int room);
    void fitKbLabel();
    QGridLayout *m_root = nullptr;
    QWidget *m_inputsBox = nullptr;
    QWidget *m_resultBox = nullptr;
    QWidget *m_stepsBox = nullptr;
    QBoxLayout *m_graphs = nullptr;
    QPointer<QWidget> m_watchedParent;
    bool m_stacked = false;
    bool m_layoutChosen = false;

    void buildUi();
    void recompute();
    void updateRanges();
    void applySuggestion();
    void showResult();

    model::Gpu m_gpu;
    std::optional<model::Occupancy> m_occ;
    model::OccupancyResult m_result;
    model::BlockSizeSuggestion m_suggestion;
    bool m_building = false;

    QLabel *m_title = nullptr;
    QStackedWidget *m_resultStack = nullptr;
    QLabel *m_coverNote = nullptr;
    bool m_covered = false;
    QSpinBox *m_threads = nullptr;
    QSlider *m_threadsSlider = nullptr;
    QSpinBox *m_registers = nullptr;
    QSlider *m_registersSlider = nullptr;
    QSpinBox *m_smem = nullptr;
    QSlider *m_smemSlider = nullptr;
    QLabel *m_smemKb = nullptr;
    QSpinBox *m_staticSmem = nullptr;
    QComboBox *m_carveoutMode = nullptr;
    QSpinBox *m_carveoutPercent = nullptr;
    QSlider *m_carveoutSlider = nullptr;
    QLabel *m_headline = nullptr;
    QLabel *m_limitedBy = nullptr;
    QLabel *m_reason = nullptr;
    QTableWidget *m_limits = nullptr;
    QLabel *m_allocated = nullptr;
    QLabel *m_suggestionLabel = nullptr;
    QPushButton *m_useSuggestion = nullptr;
    QListWidget *m_steps = nullptr;
    QLabel *m_notes = nullptr;
    OccupancyGraph *m_byThreads = nullptr;
    OccupancyGraph *m_byRegisters = nullptr;
    OccupancyGraph *m_bySmem = nullptr;
};
